// The voice/telephony connector registry of the build host (separate from the Messaging
// connectors): which phone-line connectors exist and which agent each one runs.

export interface TelephonyConnector {
  connectorId: string;
  name: string;
  accountId: string;
  projectId: string;
  clientEnv: string;
  variantId: string;
  asrLangCode: string;
  ttsLangCode: string;
  voiceName: string;
  disableHandoff: boolean;
}

interface Registered extends TelephonyConnector {
  agentId: string;
}

const REGISTRY: readonly Registered[] = [
  {
    agentId: 'demo-agent',
    connectorId: 'demo-voice-connector',
    name: 'Demo voice line',
    accountId: 'demo-account',
    projectId: 'demo-project',
    clientEnv: 'live',
    variantId: 'var_default',
    asrLangCode: 'en-US',
    ttsLangCode: 'en-US',
    voiceName: 'en-US-Neural-F',
    disableHandoff: false,
  },
];

export function connectorsOf(agentId: string): TelephonyConnector[] {
  return REGISTRY.filter((entry) => entry.agentId === agentId).map(publicFields);
}

function publicFields({ agentId: _agentId, ...connector }: Registered): TelephonyConnector {
  return connector;
}
