/* global window, document, React, ReactDOM, GraphiQL */
// GraphiQL on the gateway that served this page: queries over HTTP, subscriptions over its
// WebSocket (graphql-ws), both at /graphql next to /graphiql.
const url = new URL('graphql', window.location.href);
const subscriptionUrl = new URL(url);
subscriptionUrl.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';

const defaultQuery = `# Reads of the marketplace, and subscriptions.
# Signed-in fields take GET /jwt's accessToken
# in Headers: {"Authorization": "Bearer …"}
{
  categories {
    _id
    title
  }
}
`;

const root = ReactDOM.createRoot(document.getElementById('graphiql'));
// The schema comes from the gateway's page route (graphiql.ts), so GraphiQL does not introspect.
window
  .fetch(new URL('graphiql/schema.json', window.location.href))
  .then((answer) => {
    if (!answer.ok) throw new Error(`The schema did not load (HTTP ${answer.status})`);
    return answer.json();
  })
  .then((introspection) =>
    root.render(
      React.createElement(GraphiQL, {
        fetcher: GraphiQL.createFetcher({ url: url.href, subscriptionUrl: subscriptionUrl.href }),
        schema: GraphiQL.GraphQL.buildClientSchema(introspection),
        defaultQuery,
        isHeadersEditorEnabled: true,
        shouldPersistHeaders: true,
      }),
    ),
  )
  .catch((error) => {
    document.getElementById('graphiql').textContent = `GraphiQL could not start: ${error.message}`;
  });
