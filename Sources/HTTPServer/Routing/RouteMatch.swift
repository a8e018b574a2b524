/// What `Router.match` found for a request's path: the node holding its handlers, or nothing.
enum RouteMatch: Sendable {
    case found(RouteNode)
    case none
}
