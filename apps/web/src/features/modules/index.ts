export { MODULES, bottomNavModules, moduleForPath, type Module } from './modules';
export { ComingSoonPage } from './ComingSoonPage';
