import type { ProviderName } from '../types'
import { spektrix } from './spektrix'
import type { Provider } from './types'

/** Every box office with a provider module, by the name a connection gives. */
export const providers: Record<ProviderName, Provider> = { spektrix }
