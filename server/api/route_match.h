/* Which route a request's method and path name (route.h), with its path parameters. */
#ifndef API_ROUTE_MATCH_H
#define API_ROUTE_MATCH_H

#include "api/route.h"

/* The route of req's method (HEAD as GET) and path, its numeric path parameters put in
 * req->ids; or NULL having answered 405 (the path has routes of other methods, named in
 * Allow) or 404 (it has none). */
const struct route *api_route_find(struct api_req *req, struct api_resp *resp);

#endif
