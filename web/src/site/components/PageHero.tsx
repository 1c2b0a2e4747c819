import type { ReactNode } from 'react';

/** The dark title band at the top of the inner pages. */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        <p className="section__eyebrow">{eyebrow}</p>
        <h1 className="page-hero__title" id="page-title">
          {title}
        </h1>
        <p className="page-hero__lead">{children}</p>
      </div>
    </section>
  );
}
