import * as migration_20261121_135614_initial from './20261121_135614_initial'

export const migrations = [
  {
    up: migration_20261121_135614_initial.up,
    down: migration_20261121_135614_initial.down,
    name: '20261121_135614_initial',
  },
]
