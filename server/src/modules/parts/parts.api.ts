/** What app.ts uses of parts sales: the routes and the one-time registration of its hooks. */
export { partsRoutes } from './parts.routes';
export { partsImportRoutes } from './parts-import.routes';
export { registerParts } from './parts.register';
