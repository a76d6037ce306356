import type { UIFieldServerProps } from 'payload'

import { countChangesOfKey } from '../plugins/scheduling/exports'
import { countWebhooksOfKey } from '../plugins/webhooks/exports'

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

/**
 * What the key has made and what revoking it does to that, on its edit view (server-rendered:
 * only those who manage the key see its page).
 */
export const KeyWork = async ({ id, payload }: UIFieldServerProps) => {
  if (id === undefined) return null
  const [webhooks, changes] = await Promise.all([
    countWebhooksOfKey({ payload, key: String(id) }),
    countChangesOfKey({ payload, key: String(id) }),
  ])
  return (
    <div className="field-type key-work" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label">Made with this key</label>
      <p>
        {plural(webhooks.total, 'webhook subscription', 'webhook subscriptions')} ({webhooks.active}{' '}
        active); {plural(changes, 'scheduled change', 'scheduled changes')} waiting.
      </p>
      <p className="field-description">
        Revoking or deleting the key pauses its subscriptions and cancels its scheduled changes.
      </p>
    </div>
  )
}
