import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  darkMode: "media",
  theme: {
    extend: {
      // What shows a render under way (its dot, its card's backdrop, the "in progress" badge) pulses
      // three times as it appears, then rests. An endless pulse makes the browser draw every frame
      // for as long as a render runs, on every open page (wall screens included); without a GPU
      // each of those frames is drawn on the processor.
      animation: { "pulse-briefly": "pulse-briefly 2s cubic-bezier(0.4, 0, 0.6, 1) 3" },
      keyframes: { "pulse-briefly": { "50%": { opacity: "0.5" } } },
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
    },
  },
} satisfies Config;
