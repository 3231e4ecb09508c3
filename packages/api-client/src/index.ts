export { ApiClient, type ApiClientOptions, type CallOptions } from './client.ts';
export { ApiError, NETWORK_FAILURE } from './errors.ts';
export { memoryCredentialStore, type CredentialStore } from './credentials.ts';
export { PushChannel, type PushChannelOptions } from './push.ts';
