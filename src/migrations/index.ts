import * as migration_20261121_141625_initial from './20261121_141625_initial'

export const migrations = [
  {
    up: migration_20261121_141625_initial.up,
    down: migration_20261121_141625_initial.down,
    name: '20261121_141625_initial',
  },
]
