import { describe, expect, it } from 'vitest';
import { MODULES, bottomNavModules, moduleForPath } from './modules';

describe('module list', () => {
  it('keeps the spec paths and permissions', () => {
    expect(MODULES.map((m) => [m.name, m.route])).toEqual([
      ['Dashboard', '/'],
      ['ASL World', '/asl-world'],
      ['Plugins', '/plugins'],
      ['Harmony', '/harmony'],
      ['Reconnect', '/reconnect'],
    ]);
    expect(MODULES.find((m) => m.id === 'asl-world')!.permissions).toEqual(['read:own_data', 'create:content']);
    expect(MODULES.find((m) => m.id === 'plugins')!.permissions).toEqual(['install:plugins']);
  });
  it('gives the bottom navigation at most the first 5 enabled modules', () => {
    const many = [...MODULES, { ...MODULES[0]!, id: 'x' }, { ...MODULES[1]!, id: 'y', disabled: true }];
    expect(bottomNavModules(5, many)).toHaveLength(5);
    expect(bottomNavModules(5, [{ ...MODULES[0]!, disabled: true }, ...MODULES.slice(1)]).map((m) => m.id)).toEqual([
      'asl-world',
      'plugins',
      'harmony',
      'reconnect',
    ]);
  });
  it('finds the module of a path under both dashboard readings', () => {
    expect(moduleForPath('/')!.name).toBe('Dashboard');
    expect(moduleForPath('/dashboard')!.name).toBe('Dashboard');
    expect(moduleForPath('/asl-world')!.name).toBe('ASL World');
    expect(moduleForPath('/profile')).toBeNull();
  });
});
