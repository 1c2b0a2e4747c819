import { describe, expect, it } from 'vitest';
import { SPHERE, spherePositions } from './CommoditySphere';

/** Angle in degrees between two points given by longitude/latitude. */
function angleBetween(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }) {
  const rad = Math.PI / 180;
  const cos =
    Math.sin(a.latitude * rad) * Math.sin(b.latitude * rad) +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.cos((a.longitude - b.longitude) * rad);
  return Math.acos(Math.min(1, Math.max(-1, cos))) / rad;
}

describe('the commodity sphere', () => {
  it('uses the figures of docs/site.md#commodity-sphere: radius 175, tile 100, 1.4x on hover, one turn per 20 s', () => {
    expect(SPHERE).toEqual({ radiusPx: 175, tilePx: 100, hoverScale: 1.4, turnSeconds: 20 });
  });

  it('spreads 14 tiles over the whole sphere without crowding any two', () => {
    const points = spherePositions(14);
    expect(points).toHaveLength(14);
    for (const p of points) expect(Math.abs(p.latitude)).toBeLessThan(90);
    expect(Math.max(...points.map((p) => p.latitude))).toBeGreaterThan(60);
    expect(Math.min(...points.map((p) => p.latitude))).toBeLessThan(-60);
    let closest = 180;
    for (let i = 0; i < points.length; i++)
      for (let j = i + 1; j < points.length; j++) closest = Math.min(closest, angleBetween(points[i], points[j]));
    // 14 points on a sphere can be ~55 degrees apart at best; a fair spread stays above 40.
    expect(closest).toBeGreaterThan(40);
  });
});
