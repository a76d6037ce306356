import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { storedName, typeOfStoredName } from './storedName'

const stem = '3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b'

describe('typeOfStoredName', () => {
  it('takes the names the server makes, with the type of their extension', () => {
    expect(typeOfStoredName(`${stem}.png`)).toBe('image/png')
    expect(typeOfStoredName(`${stem}-400x300.jpg`)).toBe('image/jpeg')
    expect(typeOfStoredName(`${stem}.jpeg`)).toBe('image/jpeg')
    expect(typeOfStoredName(`${stem}-1200x630.avif`)).toBe('image/avif')
    expect(typeOfStoredName(`${stem}-1.webp`)).toBe('image/webp')
    expect(typeOfStoredName(`${stem}-2-400x300.gif`)).toBe('image/gif')
    expect(typeOfStoredName(`${stem}.pdf`)).toBe('application/pdf')
    expect(typeOfStoredName(storedName({ stem: randomUUID(), extension: 'png' }))).toBe('image/png')
  })

  it('refuses every other name', () => {
    for (const name of [
      '',
      '.',
      '..',
      stem,
      `${stem}.`,
      `${stem}.svg`,
      `${stem}.html`,
      `${stem}.PNG`,
      `${stem.toUpperCase()}.png`,
      `.kept-${stem}`,
      `.kept-${stem}.png`,
      `../${stem}.png`,
      `${stem}/../${stem}.png`,
      `x/${stem}.png`,
      `${stem}.png/`,
      `${stem}.png\u0000`,
      `${stem}.png.png`,
      `${stem}-400x.png`,
      `${stem}-0x300.png`,
      `${stem}-400x300-1.png`,
      `poster.png`,
      `${stem.slice(1)}.png`,
    ]) {
      expect(typeOfStoredName(name), name).toBeUndefined()
    }
  })
})
