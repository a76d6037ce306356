import type { SyncProviderName } from '../types'
import { lineup } from './lineup'
import { spektrix } from './spektrix'
import { tessitura } from './tessitura'
import type { Provider } from './types'

/** Every box office with a provider module, by the name a connection gives. */
export const providers: Record<SyncProviderName, Provider> = { spektrix, tessitura, lineup }
