import { describe, expect, it } from 'vitest';
import { BRIDGE_DEPTH_VAR, readBridgeDepth } from '../src/bridge-depth.js';

describe('readBridgeDepth', () => {
  it('reads HOOKWIRE_BRIDGE_DEPTH', () => {
    expect(BRIDGE_DEPTH_VAR).toBe('HOOKWIRE_BRIDGE_DEPTH');
  });

  it.each<[string | undefined, number]>([
    [undefined, 0],
    ['', 0],
    ['  ', 0],
    ['0', 0],
    ['1', 1],
    [' 2 ', 2],
    ['7', 7],
    ['yes', 1],
    ['-1', 1],
    ['1.5', 1],
  ])('%j is depth %i', (value, depth) => {
    expect(readBridgeDepth(value === undefined ? {} : { HOOKWIRE_BRIDGE_DEPTH: value })).toBe(depth);
  });
});
