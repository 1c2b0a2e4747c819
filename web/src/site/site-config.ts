/** Who we are and how to reach us: the one place the site reads its brand and contact details from. */
import { normaliseOrigin } from './site-origin';

export const SITE_ORIGIN = normaliseOrigin(import.meta.env.PUBLIC_URL);

export const SITE = {
  brand: 'Indus Global Sourcing',
  shortBrand: 'Indus Global',
  tagline: 'Sourcing Simplified',
  description:
    'Indus Global Sourcing connects buyers worldwide with verified suppliers of industrial, mineral and agricultural commodities: copper, coal, iron ore, aluminium, gems, olive oil and more.',
  address: {
    street: '504, Ansal Bhawan, 16 Kasturba Gandhi Marg',
    locality: 'Connaught Place',
    city: 'New Delhi',
    postalCode: '110001',
    country: 'India',
    countryCode: 'IN',
  },
  phone: { display: '+91 11 4567 8900', href: 'tel:+911145678900' },
  email: 'info@indusglobalsourcing.com',
  socials: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Twitter', href: 'https://twitter.com/' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
  ],
  /** Social preview image, shipped in web/public. */
  socialImage: '/social-card.jpg',
  /** Tile template for the Global Reach map; the only third-party host the site may contact. */
  mapTileUrl: import.meta.env.VITE_MAP_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

export type SocialNetwork = (typeof SITE.socials)[number]['name'];

/** One line postal address, as shown in the footer and contact page. */
export const POSTAL_ADDRESS = `${SITE.address.street}, ${SITE.address.locality}, ${SITE.address.city} ${SITE.address.postalCode}, ${SITE.address.country}`;

/** Absolute URL of a site path, for canonical links and social metadata. */
export const absoluteUrl = (path: string) => (path === '/' ? `${SITE_ORIGIN}/` : `${SITE_ORIGIN}${path}`);
