/**
 * Slot on the agent's landing page (/agentHome) for the contract decisions waiting for the agent
 * (offers to accept or reject, downline decisions to see). Filled by the contracts work; until
 * then it renders nothing. Its data comes from /agentHome's loader (`pendingContracts`).
 */
export function AgentHomePendingContracts(_props: { pending?: unknown }) {
  return null;
}
