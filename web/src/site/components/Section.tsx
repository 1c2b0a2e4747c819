import type { ComponentType, ReactNode, SVGProps } from 'react';
import { revealProps } from '../motion/useRevealOnScroll';

/** Eyebrow, title and lead of a page section; the title's id labels the section. */
export function SectionHeader({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead?: ReactNode }) {
  return (
    <header className="section__header" {...revealProps()}>
      <p className="section__eyebrow">{eyebrow}</p>
      <h2 className="section__title" id={id}>
        {title}
      </h2>
      {lead && <p className="section__lead">{lead}</p>}
    </header>
  );
}

/** A page section: header (its title labels the section) and content, on a plain, muted or dark band. */
export function ContentSection({
  id,
  eyebrow,
  title,
  lead,
  tone,
  className,
  anchor,
  children,
}: {
  /** Id of the title, which labels the section. */
  id: string;
  /** Id of the section itself, for in-page links. */
  anchor?: string;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  tone?: 'muted';
  className?: string;
  children: ReactNode;
}) {
  const classes = ['section', tone && `section--${tone}`, className].filter(Boolean).join(' ');
  return (
    <section className={classes} id={anchor} aria-labelledby={id}>
      <div className="container">
        <SectionHeader id={id} eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </div>
    </section>
  );
}

export interface Feature {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  text: string;
}

/** A grid of icon cards that fade in one after another; `numbered` shows step numbers. */
export function FeatureCards({
  items,
  columns = 3,
  numbered = false,
}: {
  items: readonly Feature[];
  columns?: 3 | 4;
  numbered?: boolean;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className={`card-grid feature-cards${columns === 4 ? ' card-grid--4' : ''}`}>
      {items.map(({ Icon, title, text }, index) => (
        <li key={title} className="card feature-card" {...revealProps(index)}>
          <div className="card__icon">
            <Icon />
          </div>
          {numbered && <p className="feature-card__step">Step {index + 1}</p>}
          <h3 className="card__title">{title}</h3>
          <p className="card__text">{text}</p>
        </li>
      ))}
    </List>
  );
}
