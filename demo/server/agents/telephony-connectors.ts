// The voice/telephony connector registry of the build host (separate from the Messaging
// connectors): which phone-line connectors exist and which agent (and variant) each one runs.

import { DEMO_VARIANTS } from '../model/tenancy';

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

/** The demo agent's default variant: what its phone line runs, outbound calls included. */
const DEMO_DEFAULT_VARIANT = DEMO_VARIANTS.find((variant) => variant.isDefault)?.id ?? 'var_default';

const REGISTRY: readonly Registered[] = [
  {
    agentId: 'demo-agent',
    connectorId: 'demo-voice-connector',
    name: 'Demo voice line',
    accountId: 'demo-account',
    projectId: 'demo-project',
    clientEnv: 'live',
    variantId: DEMO_DEFAULT_VARIANT,
    asrLangCode: 'en-US',
    ttsLangCode: 'en-US',
    voiceName: 'en-US-Neural-F',
    disableHandoff: false,
  },
];

/** The line outbound calls are placed on: the demo agent's voice connector. */
export const DEMO_VOICE_CONNECTOR: TelephonyConnector = publicFields(REGISTRY[0] ?? missing());

function missing(): never {
  throw new Error('the demo voice connector is not registered');
}

export function connectorsOf(agentId: string): TelephonyConnector[] {
  return REGISTRY.filter((entry) => entry.agentId === agentId).map(publicFields);
}

function publicFields({ agentId: _agentId, ...connector }: Registered): TelephonyConnector {
  return connector;
}
