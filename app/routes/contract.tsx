import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { closePopup, popupDecisionAction } from "~/services/contracts.server";

/**
 * The contract popup's endpoint: its decision posts land here and go back to the page the popup
 * was open on; `?close=1` shuts the popup for the pending offers. A plain GET opens the popup.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.get("close")) return closePopup(request);
  return redirect("/?popup=contract");
}

export async function action({ request }: ActionFunctionArgs) {
  return popupDecisionAction(request);
}
