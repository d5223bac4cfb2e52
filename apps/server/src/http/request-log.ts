/**
 * One log line per request (DESIGN section 13): the completion line, with method, URL, route
 * pattern, status, time and the request id (pino's `reqId`). Fastify's default pair of lines
 * ("incoming request" and "request completed") doubled the log under load; through Fastify's
 * own LogController the start of a request is logged at debug only (for following one slow
 * request with LOG_LEVEL=debug) and the completion line carries what both said.
 *
 * Catalogue answers served from the response cache are the bulk of a busy shop's traffic and
 * all alike: their completion lines are at debug too. Errors are logged in full by the error
 * handler, whatever the level of this line.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class ShopLogController extends LogController {
  constructor(private readonly servedFromCache: (request: FastifyRequest) => boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      req: request,
      // The route's pattern (`/api/products/GetById/:id`), so lines group by route, not by URL.
      route: request.routeOptions.url ?? null,
      res: reply,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (this.servedFromCache(request)) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}
