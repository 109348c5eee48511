// The baseline of the speed issue: a plain node:http server that sends a page from a template
// string (the app's own home HTML, with a request id put in per request) and a tiny JSON answer
// on /healthz. What our stack costs is measured against this, in the same run on the same cores.
// Run by bench/run.mjs: node bench/template-server.mjs <port> <html file>
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

const [port, file] = process.argv.slice(2);
const html = readFileSync(file, "utf8");
const cut = Math.max(0, html.indexOf("</body>"));
const head = html.slice(0, cut);
const tail = html.slice(cut);

createServer((req, res) => {
  if (req.url === "/healthz") {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end('{"status":"ok"}');
    return;
  }
  const body = `${head}<!-- ${randomUUID()} -->${tail}`;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(port), "127.0.0.1", () => process.send?.("up"));
