export { agentAssignedNotification } from './agent-notification';
export { chooseAgent, myAgent } from './buyer-agent';
export { assignAgent, listMatchRequests, matchRequestRows } from './match-requests';
export { addPartnerAgent, listPartnerAgents, partnerAgentRows, servedStates, setPartnerAgentActive, updatePartnerAgent } from './partner-agents';
