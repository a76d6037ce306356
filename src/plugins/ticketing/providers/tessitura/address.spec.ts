import { describe, expect, it } from 'vitest'

import type { Connection } from '../../types'
import { ProviderError } from '../http'
import { apiUrl, basicHeader, bookingLink, missingCredentials } from './address'

const connection = (baseUrl: string) =>
  ({ settings: { baseUrl }, credentials: {} }) as unknown as Connection

const creds = { userName: 'web', userGroup: 'webapi', machineLocation: 'cms', password: 'p:ss' }

describe('tessitura address', () => {
  it('puts TXN paths under the TessituraService root, with or without a trailing slash', () => {
    for (const base of [
      'https://t.example/TessituraService',
      'https://t.example/TessituraService/',
    ])
      expect(
        apiUrl({ connection: connection(base), path: 'ProductionSeasons', query: { ids: '1,2' } })
          .href,
      ).toBe('https://t.example/TessituraService/TXN/ProductionSeasons?ids=1%2C2')
  })

  it('sends the four-part Basic header', () => {
    expect(basicHeader(creds)).toEqual({
      authorization: `Basic ${Buffer.from('web:webapi:cms:p:ss').toString('base64')}`,
    })
  })

  it('fails before any call when one of the four is missing', () => {
    for (const name of Object.keys(creds)) {
      const partial = { ...creds, [name]: ' ' }
      expect(() => basicHeader(partial)).toThrow(ProviderError)
      expect(() => basicHeader(partial)).toThrow(missingCredentials)
    }
    expect(() => basicHeader({})).toThrow(missingCredentials)
  })

  it('builds the TNEW booking link, or none without an address', () => {
    expect(
      bookingLink({
        tnewAddress: 'https://tix.example/',
        productionSeasonId: '4848',
        performanceId: '4849',
      }),
    ).toBe('https://tix.example/4848/4849')
    expect(
      bookingLink({ tnewAddress: undefined, productionSeasonId: '1', performanceId: '2' }),
    ).toBeNull()
    expect(
      bookingLink({ tnewAddress: '  ', productionSeasonId: '1', performanceId: '2' }),
    ).toBeNull()
  })
})
