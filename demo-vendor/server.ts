/**
 * The demo studio as its own process: `npm run start:demo-vendor`.
 *
 *   DEMO_VENDOR_WALLET_URL  the casino's wallet, e.g. https://casino.example/wallet/v1 (required)
 *   DEMO_VENDOR_SECRET      the studio's master secret, 32+ characters (required); each vendor
 *                           code's wallet key is derived from it (`keys` prints them)
 *   PORT                    default 4100; the launch URL is http://<host>:<PORT>/play
 *   DEMO_VENDOR_FRAME_ANCESTORS  who may frame the game (CSP), default *
 *
 * `npm run start:demo-vendor -- keys` prints, per vendor code, the secret the operator sets with
 * `PUT /operator/v1/vendors/{code}/wallet-key`.
 */
import { serve } from "@hono/node-server";
import { createDemoVendorApp } from "./app.js";
import { DEMO_STUDIO_VENDORS, vendorSecret } from "./vendors.js";
import { createWalletClient } from "./wallet-client.js";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const master = process.env.DEMO_VENDOR_SECRET ?? "";
if (master.length < 32) fail("Invalid environment: DEMO_VENDOR_SECRET must be at least 32 characters");

if (process.argv[2] === "keys") {
  for (const code of DEMO_STUDIO_VENDORS) console.log(`${code} ${vendorSecret(master, code)}`);
  process.exit(0);
}

const walletUrl = process.env.DEMO_VENDOR_WALLET_URL ?? "";
if (!/^https?:\/\//.test(walletUrl)) fail("Invalid environment: DEMO_VENDOR_WALLET_URL must be the casino's /wallet/v1 URL");
const port = Number(process.env.PORT ?? 4100);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail("Invalid environment: PORT must be a port number (0-65535)");

const app = createDemoVendorApp({
  vendors: DEMO_STUDIO_VENDORS,
  wallet: createWalletClient({ baseUrl: walletUrl, secretFor: (code) => vendorSecret(master, code) }),
  frameAncestors: process.env.DEMO_VENDOR_FRAME_ANCESTORS ?? "*",
});
const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? "0.0.0.0" }, (info) =>
  console.log(JSON.stringify({ msg: "demo studio listening", port: info.port, launchUrl: `http://localhost:${info.port}/play` })),
);
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
