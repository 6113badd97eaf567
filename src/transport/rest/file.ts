// Entry of the script tag's Chat REST file (agent-webchat-rest.js, scripts/script-files.ts): the
// transport, handed to the conversation, which uses it for `transport: "rest"` and for the fallback
// of "auto". The package imports the transport itself (src/client/create-client.ts).
export { createRestTransport as default } from './rest-transport';
