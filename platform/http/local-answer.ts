/**
 * Answers to the web app in the same process, handed over as the JSON text they would carry (ADR
 * 042, issue 15). Over HTTP an answer's text travels as its body; in one process the web app's
 * typed calls (`callPlatform`) would otherwise pay for a body they only parse back: the text made
 * into bytes, a stream around them, read again and decoded, a fifth of a kept visitor page's CPU
 * with the request and answer objects. A request the web app marks with `askLocally` gets its
 * `{ success, value | error }` envelope as the same JSON text put on the request itself, and an
 * answer without a body (on the request, as Hono makes a new answer object when a header is set
 * after the handler's); every other request (HTTP, vendor and operator calls passed through, the
 * tests' own) is answered as before. The text is what `JSON.stringify` makes of the envelope, as
 * for a body, so the web app reads the same values either way, never objects the platform keeps.
 *
 * Registered symbols: the web build and the platform may each load their own copy of this module.
 */
const ASKS = Symbol.for("bet.localAnswer.asks");
const TEXT = Symbol.for("bet.localAnswer.text");

type Marked = { [ASKS]?: true };
type Carrying = { [TEXT]?: string };

/** Marks an in-process request whose envelope the caller reads with `localText`. */
export function askLocally(request: Request): Request {
  (request as Request & Marked)[ASKS] = true;
  return request;
}

export function asksLocally(request: Request): boolean {
  return (request as Request & Marked)[ASKS] === true;
}

/** Puts the envelope's JSON text of the answer to a marked request on the request (the last one put wins). */
export function carryText(request: Request, text: string): void {
  (request as Request & Carrying)[TEXT] = text;
}

/**
 * The envelope's JSON text of `response`, the answer to a marked request, or undefined when that
 * answer has a body: a handler that put its text with `ok()` or `fail()` and then answered with a
 * body of its own (`c.json`) has said its last word in the body, which wins over the stale text.
 */
export function localText(request: Request, response: Response): string | undefined {
  return response.body === null ? (request as Request & Carrying)[TEXT] : undefined;
}
