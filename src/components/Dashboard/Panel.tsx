import type { ReactNode } from 'react'

/** One box of the dashboard: a heading, its rows or what it says when there are none. */
export const Panel = ({
  title,
  id,
  empty,
  children,
  count,
}: {
  title: string
  id: string
  empty: string
  count: number
  children: ReactNode
}) => (
  <section className="programme-panel" data-panel={id} aria-labelledby={`panel-${id}`}>
    <h3 id={`panel-${id}`}>
      {title} <span className="programme-count">{count}</span>
    </h3>
    {count === 0 ? <p className="programme-empty">{empty}</p> : <ul>{children}</ul>}
  </section>
)
