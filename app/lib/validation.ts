import type { Submission } from "@conform-to/react";
import { useCallback, useRef } from "react";
import type { ZodType, ZodTypeDef } from "zod";
import type { Check } from "./forms";

/**
 * A form's zod schema in the browser, loaded when the form is first used (ADR 030).
 *
 * Every form is checked by its schema on the server, which is what makes it safe. In the browser
 * the same schema only spares a round trip, and zod with conform's zod adapter is 14 KiB of
 * script: a page should not load it for a form nobody touches. So the schema arrives with the
 * first focus in (or submit of) the form; until it has, a submit goes to the server, which
 * answers with the same messages next to the same fields.
 *
 *   const validation = useSchemaValidation(() => import("~/lib/auth-schemas"), (schemas) => schemas.loginSchema);
 *   const [form, fields] = useForm({ ..., onValidate: validation.onValidate });   // useForm of ~/lib/forms
 *   <Form {...getFormProps(form)} onFocus={validation.load}>
 *
 * The module must be imported dynamically, as above: a static import of it anywhere in the
 * component's code brings zod back into the page's scripts. `pick` runs at each check, so a
 * schema made from the page's data (`registerSchema(fields)`) follows that data.
 */
export function useSchemaValidation<M, Output extends Record<string, unknown>, Input = Output>(
  loadModule: () => Promise<M>,
  pick: (module: M) => ZodType<Output, ZodTypeDef, Input>,
) {
  const latest = useRef({ loadModule, pick });
  latest.current = { loadModule, pick };
  const state = useRef<{ check: ((formData: FormData) => Submission<Output>) | null; loading: Promise<void> | null }>({ check: null, loading: null });

  const load = useCallback(() => {
    const s = state.current;
    s.loading ??= Promise.all([import("@conform-to/zod"), latest.current.loadModule()])
      .then(([{ parseWithZod }, module]) => {
        s.check = (formData) => parseWithZod(formData, { schema: latest.current.pick(module) });
      })
      // Offline or a failed chunk: the server still checks every submit; try again next time.
      .catch(() => {
        s.loading = null;
      });
  }, []);

  const onValidate = useCallback(
    ({ formData }: { formData: FormData }): Check<Output> => {
      const check = state.current.check;
      if (check) return check(formData);
      load();
      // Not loaded yet: no check here; a submit goes to the server, which checks it with the same schema.
      return null;
    },
    [load],
  );

  return { load, onValidate };
}
