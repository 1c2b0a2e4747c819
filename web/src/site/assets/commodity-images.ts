/** Our own commodity artwork (160×160 SVG), shipped as separate files so pages load them lazily. */
const IMAGE_URLS = import.meta.glob<string>('./commodities/*.svg', { eager: true, query: '?url', import: 'default' });

export function commodityImage(key: string): string {
  const url = IMAGE_URLS[`./commodities/${key}.svg`];
  if (!url) throw new Error(`No artwork for commodity '${key}'`);
  return url;
}

/** The fourteen commodities of the hero sphere: every checklist commodity (docs/site.md#commodity-sphere). */
export const SPHERE_COMMODITIES = [
  { name: 'Copper Cathode', image: 'copper-cathode' },
  { name: 'Copper Concentrate', image: 'copper-concentrate' },
  { name: 'Coal', image: 'coal' },
  { name: 'Coking Coal', image: 'cooking-coal' },
  { name: 'Petroleum Coke', image: 'petroleum-coke' },
  { name: 'Bauxite', image: 'bauxite' },
  { name: 'Iron Ore', image: 'iron-ore' },
  { name: 'Zinc Ingots', image: 'zinc-ingots' },
  { name: 'Aluminium Ingots', image: 'aluminium-ingots' },
  { name: 'Alumina', image: 'alumina' },
  { name: 'Silica', image: 'silica' },
  { name: 'Food Grade Gypsum', image: 'food-grade-gypsum' },
  { name: 'Gems', image: 'gems' },
  { name: 'Olive Oil', image: 'olive-oil' },
] as const;
