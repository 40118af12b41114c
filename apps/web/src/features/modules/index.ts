export { MODULES, bottomNavModules, headerPlaceForPath, moduleForPath, type Module } from './modules';
export { ModuleNavLink } from './ModuleNavLink';
export { ComingSoonPage } from './ComingSoonPage';
