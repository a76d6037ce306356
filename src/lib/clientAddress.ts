/**
 * The client's address as server.ts saw the connection, handed to the routes in a header it
 * sets itself (any value a client sends under that name is overwritten).
 */
export const clientAddressHeader = 'x-cms-client-address'
