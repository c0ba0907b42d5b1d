/**
 * The weekly introductions: a proposal is about two members, and only they act on it (say hello
 * or pass). Anyone else, the administrator too, is told it does not exist: who was proposed to
 * whom is nobody else's business.
 */
export interface ProposalParties {
  userA: string;
  userB: string;
}

export function mayAnswerProposal(actor: { id: string }, proposal: ProposalParties): boolean {
  return actor.id === proposal.userA || actor.id === proposal.userB;
}
