import * as conform from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import * as ours from "./forms";

// Our forms module must render what conform renders (ADR 030): the same ids, names, values kept,
// errors and aria attributes, for every kind of control our forms use, before and after a
// refused post. The markup is rendered by both on the server and compared.

const schema = z
  .object({
    username: z.string({ required_error: "err_empty" }).min(3, "err_short"),
    password: z.string({ required_error: "err_empty" }),
    kind: z.enum(["player", "agent"]).optional(),
    note: z.string().optional(),
    terms: z.boolean().optional(),
    color: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.username === "taken") ctx.addIssue({ code: "custom", path: [], message: "err_form" });
  });

function Form({ lib, lastResult, defaultValue }: { lib: typeof ours | typeof conform; lastResult?: conform.SubmissionResult<string[]> | null; defaultValue?: Record<string, unknown> }) {
  const useForm = lib.useForm as typeof ours.useForm;
  const [form, fields] = useForm<z.infer<typeof schema>>({ id: "f", lastResult, defaultValue, shouldValidate: "onBlur", onValidate: () => null });
  const getFormProps = lib.getFormProps as typeof ours.getFormProps;
  const getInputProps = lib.getInputProps as typeof ours.getInputProps;
  const getSelectProps = lib.getSelectProps as typeof ours.getSelectProps;
  const getTextareaProps = lib.getTextareaProps as typeof ours.getTextareaProps;
  const { onBlur: _b, onInput: _i, ...formProps } = getFormProps(form) as ReturnType<typeof ours.getFormProps>;
  return (
    <form {...formProps}>
      {form.errors ? <p id={form.errorId}>{form.errors.join(",")}</p> : null}
      <input {...getInputProps(fields.username, { type: "text" })} />
      <span id={fields.username.errorId}>{fields.username.errors?.join(",")}</span>
      <input {...getInputProps(fields.password, { type: "password" })} />
      <select {...getSelectProps(fields.kind)}>
        <option value="player">p</option>
        <option value="agent">a</option>
      </select>
      <textarea {...getTextareaProps(fields.note)} />
      <input {...getInputProps(fields.terms, { type: "checkbox" })} />
      <input {...getInputProps(fields.color, { type: "radio", value: "red" })} />
      <input {...getInputProps(fields.color, { type: "radio", value: "blue" })} />
    </form>
  );
}

function refused(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return parseWithZod(fd, { schema }).reply({ hideFields: ["password"] });
}

const cases: Array<[string, { lastResult?: conform.SubmissionResult<string[]> | null; defaultValue?: Record<string, unknown> }]> = [
  ["an empty form", {}],
  ["defaults", { defaultValue: { username: "ana", kind: "agent", note: "hi", terms: true, color: "blue" } }],
  ["a refused post, input kept but the password", { lastResult: refused({ username: "ab", password: "x", kind: "agent", note: "n", terms: "on", color: "red" }) }],
  ["a post with every field missing", { lastResult: refused({}) }],
  ["a form-level error", { lastResult: refused({ username: "taken", password: "x" }) }],
  ["a reply that resets the form", { lastResult: { initialValue: null } as conform.SubmissionResult<string[]>, defaultValue: { username: "ana" } }],
];

describe("our forms module renders what conform renders", () => {
  for (const [name, props] of cases) {
    it(name, () => {
      const theirs = renderToStaticMarkup(<Form lib={conform} {...props} />);
      const mine = renderToStaticMarkup(<Form lib={ours} {...props} />);
      expect(mine).toBe(theirs);
    });
  }

  it("shows the server's errors next to their fields with the right attributes", () => {
    const html = renderToStaticMarkup(<Form lib={ours} lastResult={refused({ username: "ab" })} />);
    expect(html).toContain('id="f-username" name="username" form="f" aria-invalid="true" aria-describedby="f-username-error" type="text" value="ab"');
    expect(html).toContain('<span id="f-username-error">err_short</span>');
    expect(html).toContain('id="f-password" name="password" form="f" aria-invalid="true" aria-describedby="f-password-error" type="password"/>');
  });
});
