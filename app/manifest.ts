import type { MetadataRoute } from "next";
import { PRODUCT_NAME } from "@/components/layout/app-header";

/**
 * The web app manifest (served at /manifest.webmanifest and linked from every page): with the
 * service worker (public/sw.js) it makes the dashboard installable on a phone or desktop.
 * docs/architecture.md, "The installable app".
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: PRODUCT_NAME,
    short_name: "Renders",
    description: "Create and browse image and video renders for your team.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    // The light theme's page colour (app/layout.tsx) behind the splash screen, the tile's indigo above it.
    background_color: "#fafafa",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
