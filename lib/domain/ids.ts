/**
 * A render id as the dashboard accepts it in a path (its own or the service's). Ids come from path
 * segments that may carry `%2F` or `..`, so anything else is refused before any URL is built from it.
 */
export const RENDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
