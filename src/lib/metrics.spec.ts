import { describe, expect, it } from 'vitest'

import { countCacheRead, countRequest, metricsRegistry, scrapedGauge } from './metrics'

const scrape = () => metricsRegistry().metrics()

describe('metrics', () => {
  it('counts requests by route and status, and times them by status class', async () => {
    countRequest({ route: 'spec:route', status: 404, seconds: 0.003 })
    const text = await scrape()
    expect(text).toContain('cms_http_requests_total{route="spec:route",status="404"} 1')
    expect(text).toContain(
      'cms_http_request_duration_seconds_bucket{le="0.005",route="spec:route",status_class="4xx"} 1',
    )
  })

  it('counts cache hits and misses', async () => {
    countCacheRead('hit')
    countCacheRead('miss')
    countCacheRead('hit')
    expect(await scrape()).toContain('cms_partner_cache_reads_total{result="hit"} 2')
  })

  it('reads a scraped gauge at the scrape, from its newest reader', async () => {
    let value = 1
    scrapedGauge({
      name: 'spec_scraped',
      help: 'h',
      labelNames: ['tenant'],
      read: (gauge) => gauge.set({ tenant: 'a' }, value),
    })
    expect(await scrape()).toContain('spec_scraped{tenant="a"} 1')
    value = 2
    expect(await scrape()).toContain('spec_scraped{tenant="a"} 2')
    scrapedGauge({ name: 'spec_scraped', help: 'h', labelNames: ['tenant'], read: () => {} })
    expect(await scrape()).not.toContain('spec_scraped{')
  })

  it('answers without a gauge whose reading fails or takes too long, and counts it', async () => {
    scrapedGauge({
      name: 'spec_slow',
      help: 'h',
      labelNames: ['tenant'],
      timeoutMs: 20,
      read: async (gauge) => {
        await new Promise((r) => setTimeout(r, 200))
        gauge.set({ tenant: 'a' }, 5)
      },
    })
    const text = await scrape()
    expect(text).not.toContain('spec_slow{')
    // The registry reads every metric at once: the failure shows from the next scrape.
    expect(await scrape()).toContain('cms_metrics_collect_failures_total{gauge="spec_slow"} 1')
  })
})
