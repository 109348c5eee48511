import sanitizeHtml from "sanitize-html";

/** Operator HTML (announcement content) reduced to safe formatting before it reaches a page. */
export function safeHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "b", "strong", "i", "em", "u", "ul", "ol", "li", "a", "h2", "h3", "h4", "span", "img", "table", "tr", "td", "th", "tbody", "thead"],
    allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt", "width", "height"] },
    allowedSchemes: ["https", "http", "mailto"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}
