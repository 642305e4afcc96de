/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The ledger's native SQLite driver must stay a runtime require, not a bundled module.
  serverExternalPackages: ["@libsql/client", "libsql"],
};

export default nextConfig;
