/** What other modules and the composition root may use of routing (docs/routing.md). */
export { routingRoutes } from './routing.routes';
export { createRoutingJobHandlers, routeInboundMessage, stopTimersOnReply } from './routing-flow';
