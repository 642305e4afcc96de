// Empty stand-in for the `server-only` marker package when server modules run under the test runner.
export {};
