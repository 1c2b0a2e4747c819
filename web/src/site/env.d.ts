/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** Public origin of the site (canonical URLs, sitemap); exposed by vite.config envPrefix. */
  readonly PUBLIC_URL?: string;
  /** Map tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  readonly VITE_MAP_TILE_URL?: string;
}
