import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type FocusEvent } from "react";

export type { SubmissionResult };

/**
 * The form state of our forms in the browser, with conform's API as our components use it
 * (ADR 030). The server parses every post with conform (`parseWithZod`) and answers with its
 * `submission.reply()`; this reads that answer and, once a form's schema has loaded
 * (`useSchemaValidation`), conform's parse of the form in the browser. What it leaves out of
 * conform's client is what no form here uses (field lists and fieldsets, intents to update or
 * reorder, dirty tracking, constraint attributes) and its 10 KiB of script on every form page.
 *
 * Behaviour, as conform's: ids `${formId}-${name}`, errors under `${id}-error`; a field's
 * errors show once it has been validated (by `shouldValidate`, then again by
 * `shouldRevalidate`); a submit validates every field, and a refused submit stays in the page and
 * focuses the first invalid field; the server's answer (`lastResult`) replaces the errors it names
 * and focuses the first invalid field; `reply({ resetForm: true })` resets the form.
 */

type Errors = Record<string, string[]>;
/** A check of the form: conform's submission, or null while the schema has not loaded (the server checks then). */
export type Check<Schema> = { status?: "success" | "error"; error?: Record<string, string[] | null> | null; value?: Schema } | null;
type ValidateOn = "onSubmit" | "onBlur" | "onInput";

export interface FormOptions<Schema> {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<Record<keyof Schema, unknown>> | Record<string, unknown>;
  shouldValidate?: ValidateOn;
  shouldRevalidate?: ValidateOn;
  onValidate?: (context: { formData: FormData; form: HTMLFormElement }) => Check<Schema>;
}

export interface FieldMetadata {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  initialValue: unknown;
  errors: string[] | undefined;
}

export interface FormMetadata extends Omit<FieldMetadata, "name" | "initialValue"> {
  status: "success" | "error" | undefined;
  allErrors: Errors;
  noValidate: true;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  onInput: (event: FormEvent<HTMLFormElement>) => void;
}

/** Whether `element` is a button that submits `form` (a `<button>` of type submit, or an `<input>` of type submit or image). */
function isSubmitButtonOf(element: EventTarget | null, form: HTMLFormElement): boolean {
  if (!element || typeof HTMLElement === "undefined" || !(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLButtonElement) return element.type === "submit" && element.form === form;
  if (element instanceof HTMLInputElement) return (element.type === "submit" || element.type === "image") && element.form === form;
  return false;
}

/** Plain values as a form holds them: strings, "on" for a ticked box, lists of strings. */
function serialize(value: unknown): unknown {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(serialize);
  return undefined;
}

function initialValues(options: FormOptions<unknown>, result: SubmissionResult<string[]> | null | undefined): Record<string, unknown> {
  if (result?.initialValue) return result.initialValue as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options.defaultValue ?? {})) {
    const s = serialize(v);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** Errors of a reply: a null entry keeps the error there was; empty lists are no error. */
function mergeErrors(previous: Errors, next: Record<string, string[] | null> | null | undefined): Errors {
  const out: Errors = {};
  for (const [name, e] of Object.entries(next ?? {})) {
    const kept = e === null ? previous[name] : e;
    if (kept?.length) out[name] = kept;
  }
  return out;
}

interface State {
  errors: Errors;
  validated: Record<string, true>;
  status: "success" | "error" | undefined;
  initial: Record<string, unknown>;
  /** Changes when the form is reset, so its inputs start again from their defaults. */
  key: number;
}

function stateFrom(options: FormOptions<unknown>, result: SubmissionResult<string[]> | null | undefined, key = 0): State {
  const validated: Record<string, true> = {};
  for (const name of [...Object.keys(result?.error ?? {}), ...((result as { fields?: string[] } | null | undefined)?.fields ?? [])]) validated[name] = true;
  return { errors: mergeErrors({}, result?.error), validated, status: result?.status, initial: initialValues(options, result), key };
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: Errors) {
  if (!form) return;
  for (const el of Array.from(form.elements)) {
    const name = (el as HTMLInputElement).name;
    if (name && errors[name]) {
      (el as HTMLElement).focus();
      return;
    }
  }
}

const fieldName = (target: EventTarget | null) => {
  const el = target as HTMLInputElement | null;
  return el && typeof el.name === "string" && el.name && el.form ? el.name : null;
};

export function useForm<Schema extends Record<string, unknown>>(options: FormOptions<Schema>): [FormMetadata, { [K in keyof Schema]-?: FieldMetadata }] {
  const formId = options.id;
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState<State>(() => stateFrom(options as FormOptions<unknown>, options.lastResult));
  const seenResult = useRef(options.lastResult);
  const formElement = () => (typeof document === "undefined" ? null : (document.forms.namedItem(formId) as HTMLFormElement | null));

  const current = useRef(state);
  current.current = state;

  // A new answer from the server (a post made with scripts): as conform's report().
  useEffect(() => {
    const result = options.lastResult;
    if (!result || result === seenResult.current) return;
    seenResult.current = result;
    if (result.initialValue === null) {
      setState((s) => stateFrom(latest.current as FormOptions<unknown>, null, s.key + 1));
      return;
    }
    const s = current.current;
    const errors = mergeErrors(s.errors, result.error);
    const validated = { ...s.validated };
    for (const name of [...Object.keys(errors), ...((result as { fields?: string[] }).fields ?? [])]) validated[name] = true;
    setState({ ...s, errors, validated, status: result.status });
    if (result.status === "error") focusFirstInvalid(formElement(), errors);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.lastResult]);

  const check = (form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const validate = latest.current.onValidate;
    if (!validate) return null;
    let formData: FormData;
    try {
      formData = new FormData(form, submitter as HTMLElement | undefined);
    } catch {
      formData = new FormData(form);
    }
    return validate({ formData, form });
  };

  /** Validates on a field's event; errors change only for the fields validated so far. */
  const onFieldEvent = useCallback((event: { target: EventTarget | null; currentTarget: HTMLFormElement }, on: ValidateOn) => {
    const name = fieldName(event.target);
    if (!name) return;
    const { shouldValidate = "onSubmit", shouldRevalidate = shouldValidate } = latest.current;
    const s = current.current;
    if ((s.validated[name] ? shouldRevalidate : shouldValidate) !== on) return;
    const result = check(event.currentTarget);
    if (!result) return;
    const validated = { ...s.validated, [name]: true as const };
    const errors: Errors = {};
    for (const [k, e] of Object.entries(mergeErrors({}, result.error))) if (validated[k]) errors[k] = e;
    setState({ ...s, validated, errors });
     
  }, []);

  const onSubmit = useCallback((event: FormEvent<HTMLFormElement>) => {
    const result = check(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    if (!result) return;
    const errors = mergeErrors({}, result.error);
    const refused = result.status !== "success" && Object.keys(errors).length > 0;
    const validated: Record<string, true> = {};
    for (const name of new Set([...new FormData(event.currentTarget).keys(), ...Object.keys(errors)])) validated[name] = true;
    const s = current.current;
    setState({ ...s, errors, validated: { ...s.validated, ...validated }, status: refused ? "error" : undefined });
    if (refused) {
      event.preventDefault();
      focusFirstInvalid(event.currentTarget, errors);
    }
     
  }, []);
  const onBlur = useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      // Focus going to this form's own submit button (pressed, or reached with Tab): the submit
      // validates every field. Showing the field's error now would move the button between the
      // press and the release, and the click would land beside it and be lost.
      if (isSubmitButtonOf(event.relatedTarget, event.currentTarget)) return;
      onFieldEvent(event, "onBlur");
    },
    [onFieldEvent],
  );
  const onInput = useCallback((event: FormEvent<HTMLFormElement>) => onFieldEvent(event, "onInput"), [onFieldEvent]);

  const field = (name: string): FieldMetadata => {
    const id = `${formId}-${name}`;
    return { id, name, formId, errorId: `${id}-error`, descriptionId: `${id}-description`, initialValue: state.initial[name], errors: state.errors[name] };
  };
  const form: FormMetadata = {
    id: formId,
    formId,
    errorId: `${formId}-error`,
    descriptionId: `${formId}-description`,
    errors: state.errors[""],
    allErrors: state.errors,
    status: state.status,
    noValidate: true,
    onSubmit,
    onBlur,
    onInput,
  };
  const fields = new Proxy({} as { [K in keyof Schema]-?: FieldMetadata }, {
    get: (_, key) => (typeof key === "string" ? field(key) : undefined),
  });
  return [form, fields];
}

type Props = Record<string, unknown>;
const simplify = <T extends Props>(props: T): T => {
  for (const k of Object.keys(props)) if (props[k] === undefined) delete props[k];
  return props;
};

function ariaAttributes(meta: { errors?: string[]; errorId: string }, isField: boolean) {
  const invalid = meta.errors !== undefined;
  return { "aria-invalid": (isField && invalid) || undefined, "aria-describedby": invalid ? meta.errorId : undefined };
}

export function getFormProps(form: FormMetadata) {
  return simplify({
    id: form.id,
    onSubmit: form.onSubmit,
    onBlur: form.onBlur,
    onInput: form.onInput,
    noValidate: form.noValidate,
    ...ariaAttributes(form, false),
  });
}

function controlProps(field: FieldMetadata) {
  return { id: field.id, name: field.name, form: field.formId, ...ariaAttributes(field, true) };
}

export function getInputProps(field: FieldMetadata, options: { type: string; value?: string | boolean }) {
  const props: Props = { ...controlProps(field), type: options.type };
  if (options.value === undefined || options.value) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(field.initialValue) ? field.initialValue.includes(options.value) : field.initialValue === props.value;
    } else if (typeof field.initialValue === "string") props.defaultValue = field.initialValue;
  }
  return simplify(props) as ReturnType<typeof controlProps> & { type: string; value?: string; defaultValue?: string; defaultChecked?: boolean };
}

export function getSelectProps(field: FieldMetadata) {
  const iv = field.initialValue;
  return simplify({ ...controlProps(field), defaultValue: Array.isArray(iv) ? iv.map((v) => `${v ?? ""}`) : iv == null ? undefined : String(iv) });
}

export function getTextareaProps(field: FieldMetadata) {
  const iv = field.initialValue;
  return simplify({ ...controlProps(field), defaultValue: iv == null ? undefined : String(iv) });
}
