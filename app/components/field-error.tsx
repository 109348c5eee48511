import { useTranslation } from "~/components/translation";
import * as s from "~/styles/shell.css";

/** Field errors are i18n keys; shown under their field and tied to it for screen readers. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <span id={id} className={s.fieldError} role="alert">
      {errors.map((e) => {
        const [key, bounds] = e.split("|");
        return t(key!, { bounds });
      }).join(" ")}
    </span>
  );
}

