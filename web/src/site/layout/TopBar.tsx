import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../components/icons';
import { Logo } from '../components/Logo';
import { useHydrated } from '../components/useHydrated';
import { SITE } from '../site-config';
import { scrollToTop, useGoToCommodities } from './navigation';

/** The two 'Get Quote' choices (docs/site.md#top-bar). */
export const QUOTE_OPTIONS = [
  { label: 'Commodity Form', to: '/commodity-inquiry' },
  { label: 'Supply Hub Form', to: '/supplier-inquiry' },
] as const;

const PAGE_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/about' },
  { label: 'Contact', to: '/contact' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link is-active' : 'nav-link');

/** Closes a popup on a click outside `ref` or on Escape. */
function useDismiss(open: boolean, close: () => void, ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, ref]);
}

export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [quoteOpen, setQuoteOpen] = useState(false);
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const goToCommodities = useGoToCommodities();
  const quoteRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLElement>(null);
  const quoteMenuId = useId();
  const mobileMenuId = useId();

  const closeMenus = () => {
    setMenuOpen(false);
    setQuoteOpen(false);
  };
  useDismiss(quoteOpen, () => setQuoteOpen(false), quoteRef);
  useDismiss(menuOpen, () => setMenuOpen(false), barRef);

  // A page link to the page already shown still scrolls to the top (a new page scrolls by itself).
  const onPageLink = (to: string) => () => {
    closeMenus();
    if (to === pathname) scrollToTop();
  };
  const onCommodities = (e: MouseEvent) => {
    e.preventDefault();
    closeMenus();
    goToCommodities();
  };
  const onQuote = (to: string) => (e: MouseEvent) => {
    e.preventDefault();
    closeMenus();
    void navigate(to);
  };

  const commoditiesLink = (
    <a className="nav-link" href="/#commodities" onClick={onCommodities}>
      Commodities
    </a>
  );
  const pageLink = (index: number) => {
    const { label, to } = PAGE_LINKS[index];
    return (
      <NavLink className={navLinkClass} to={to} end onClick={onPageLink(to)}>
        {label}
      </NavLink>
    );
  };

  return (
    <header className="topbar" ref={barRef}>
      <div className="topbar__inner container">
        {/* Its name starts with the words it shows (WCAG 2.5.3, label in name): a speech user says what they see. */}
        <Link to="/" className="topbar__brand" aria-label={`${SITE.shortBrand} ${SITE.tagline}, home`} onClick={onPageLink('/')}>
          <Logo />
        </Link>

        <nav className="topbar__nav" aria-label="Main">
          <ul className="nav-list">
            <li>{pageLink(0)}</li>
            <li>{commoditiesLink}</li>
            <li>{pageLink(1)}</li>
            <li>{pageLink(2)}</li>
          </ul>
          <div className="quote" ref={quoteRef}>
            <button
              type="button"
              className="button button--primary quote__toggle"
              aria-expanded={quoteOpen}
              aria-controls={quoteMenuId}
              disabled={!hydrated}
              onClick={() => setQuoteOpen((o) => !o)}
            >
              Get Quote <ChevronDownIcon className={quoteOpen ? 'quote__chevron is-open' : 'quote__chevron'} />
            </button>
            <ul className="quote__menu" id={quoteMenuId} hidden={!quoteOpen}>
              {QUOTE_OPTIONS.map(({ label, to }) => (
                <li key={to}>
                  <a className="quote__option" href={to} onClick={onQuote(to)}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <button
          type="button"
          className="topbar__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={mobileMenuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          disabled={!hydrated}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>

      <nav className="mobile-menu" id={mobileMenuId} aria-label="Mobile" hidden={!menuOpen}>
        <ul className="mobile-menu__list container">
          <li>{pageLink(0)}</li>
          <li>{commoditiesLink}</li>
          <li>{pageLink(1)}</li>
          <li>{pageLink(2)}</li>
          <li className="mobile-menu__heading">Get Quote</li>
          {QUOTE_OPTIONS.map(({ label, to }) => (
            <li key={to}>
              <a className="nav-link nav-link--quote" href={to} onClick={onQuote(to)}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
