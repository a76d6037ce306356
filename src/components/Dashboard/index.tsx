import { cookies } from 'next/headers'
import type { Payload } from 'payload'

import type { User } from '../../payload-types'
import { waitingDrafts } from './data/drafts'
import { recentProblems } from './data/problems'
import { recentEdits } from './data/recentEdits'
import { comingChanges } from './data/scheduled'
import { dashboardScope, tenantOf, type DashboardScope } from './data/scope'
import { upcomingPerformances } from './data/upcoming'
import { Panel } from './Panel'
import { when } from './when'

/** The organisation of a row, shown only when the dashboard shows several. */
const Organisation = ({ scope, tenant }: { scope: DashboardScope; tenant: string }) =>
  scope.several ? (
    <span className="programme-tenant">{tenantOf({ scope, tenant })?.name ?? ''}</span>
  ) : null

const zoneOf = (scope: DashboardScope, tenant: string) =>
  tenantOf({ scope, tenant })?.timeZone ?? null

const editLink = (collection: string, id: string) => `/admin/collections/${collection}/${id}`

const styles = `
.programme { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: var(--base); margin-bottom: calc(var(--base) * 2); }
.programme-panel { border: 1px solid var(--theme-elevation-150); border-radius: 4px; padding: calc(var(--base) * 0.75); }
.programme-panel h3 { margin: 0 0 calc(var(--base) * 0.5); font-size: 1.1rem; }
.programme-panel ul { list-style: none; margin: 0; padding: 0; }
.programme-panel li { padding: 0.35rem 0; border-top: 1px solid var(--theme-elevation-100); display: flex; flex-wrap: wrap; gap: 0 0.6rem; }
.programme-count { color: var(--theme-elevation-500); font-weight: normal; }
.programme-empty, .programme-meta { color: var(--theme-elevation-500); }
.programme-tenant { font-size: 0.85em; background: var(--theme-elevation-100); border-radius: 3px; padding: 0 0.35rem; }
.programme-status-cancelled, .programme-status-sold_out { font-weight: 600; color: var(--theme-error-500); }
`

/**
 * The programme at a glance, above the collections: the week's performances, drafts waiting,
 * scheduled changes, recent edits and by whom, and what failed. For the organisation chosen in
 * the selector, or all of the user's, with an organisation on each row when there are several.
 * Everything is read as the signed-in user may read it.
 */
export const ProgrammeDashboard = async ({
  payload,
  user,
}: {
  payload: Payload
  user?: User | null
}) => {
  if (!user || user.collection !== 'users') return null
  const selected = (await cookies()).get('payload-tenant')?.value ?? null
  const scope = await dashboardScope({ payload, user, selected })
  const args = { payload, user, scope }
  const [upcoming, drafts, changes, edits, problems] = await Promise.all([
    upcomingPerformances(args),
    waitingDrafts(args),
    comingChanges(args),
    recentEdits(args),
    recentProblems(args),
  ])
  return (
    <div className="programme-dashboard">
      <style>{styles}</style>
      <h2>
        {scope.several
          ? `Programme of ${scope.tenants.length} organisations`
          : `Programme of ${scope.tenants[0]?.name ?? 'your organisation'}`}
      </h2>
      <div className="programme">
        <Panel
          id="upcoming"
          title="Performances this week"
          count={upcoming.length}
          empty="No performances in the next seven days."
        >
          {upcoming.map((p) => (
            <li key={p.id}>
              <a href={editLink('event-instances', p.id)}>{p.event?.title ?? p.title}</a>
              <span>{when({ at: p.startDate, timeZone: zoneOf(scope, p.tenant) })}</span>
              {p.venue ? <span className="programme-meta">{p.venue}</span> : null}
              {p.status !== 'available' ? (
                <span className={`programme-status-${p.status}`}>{p.status.replace('_', ' ')}</span>
              ) : null}
              <Organisation scope={scope} tenant={p.tenant} />
            </li>
          ))}
        </Panel>
        <Panel
          id="drafts"
          title="Drafts waiting"
          count={drafts.length}
          empty="Nothing waits to be published."
        >
          {drafts.map((d) => (
            <li key={`${d.collection}/${d.id}`}>
              <a href={editLink(d.collection, d.id)}>{d.title || 'Untitled'}</a>
              <span className="programme-meta">
                {d.label}, {d.live ? 'changes to a live record' : 'never published'}
              </span>
              <Organisation scope={scope} tenant={d.tenant} />
            </li>
          ))}
        </Panel>
        <Panel
          id="scheduled"
          title="Scheduled changes"
          count={changes.length}
          empty="No publishing is scheduled."
        >
          {changes.map((c) => (
            <li key={c.id}>
              <span>{c.action === 'unpublish' ? 'Unpublish' : 'Publish'}</span>
              <a href={editLink(c.collection, c.record)}>{c.title}</a>
              <span>{when({ at: c.at, timeZone: zoneOf(scope, c.tenant) })}</span>
              <Organisation scope={scope} tenant={c.tenant} />
            </li>
          ))}
        </Panel>
        <Panel id="edits" title="Recent edits" count={edits.length} empty="No changes yet.">
          {edits.map((e) => (
            <li key={e.seq}>
              <a href={editLink(e.collection, e.record)}>{e.title}</a>
              <span className="programme-meta">
                {e.event} by {e.by}, {when({ at: e.at, timeZone: zoneOf(scope, e.tenant) })}
              </span>
              <Organisation scope={scope} tenant={e.tenant} />
            </li>
          ))}
        </Panel>
        <Panel
          id="problems"
          title="Needs attention"
          count={problems.length}
          empty="No failed webhook deliveries or box-office syncs."
        >
          {problems.map((p) => (
            <li key={`${p.collection}/${p.id}`}>
              <a href={editLink(p.collection, p.id)}>{p.what}</a>
              <span className="programme-meta">{p.detail}</span>
              <span>{when({ at: p.at, timeZone: zoneOf(scope, p.tenant) })}</span>
              <Organisation scope={scope} tenant={p.tenant} />
            </li>
          ))}
        </Panel>
      </div>
    </div>
  )
}
