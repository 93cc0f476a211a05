// Signing vectors: fixed inputs, the exact payload string, and its signature. The signatures were
// computed outside this code base, with OpenSSL 3.0 and cross-checked with Python's hmac module:
//   printf '%s' "$payload" | openssl dgst -sha256 -hmac "$secret"
// (the HMAC key is the secret's 64 ASCII characters, as the service's own clients use it).

export const VECTOR_KEY = {
  apiKey: `vect_${'ef'.repeat(32)}`,
  secretKey: '0123456789abcdef'.repeat(4),
}

export interface SigningVector {
  name: string
  timestamp: string
  method: string
  /** As the client sends it; a query string here is never part of the payload. */
  path: string
  body: string
  payload: string
  signature: string
}

export const ORDER_BODY = '{"market":"BTC-USDC","side":"buy","type":"limit","size":"0.010","price":"64000.5","clientOrderId":"vector-1"}'

export const SIGNING_VECTORS: readonly SigningVector[] = [
  {
    name: 'GET with a query string (the query is not signed)',
    timestamp: '1700000000000',
    method: 'GET',
    path: '/api/v1/perp/orders?market=BTC-USDC&limit=5',
    body: '',
    payload: '1700000000000GET/api/v1/perp/orders',
    signature: '00a15b853556d0652c451a6f9aa2b65074a0c8724335ec1bed9d28b42bdce637',
  },
  {
    name: 'POST with a compact JSON body',
    timestamp: '1700000000001',
    method: 'POST',
    path: '/api/v1/perp/orders',
    body: ORDER_BODY,
    payload: `1700000000001POST/api/v1/perp/orders${ORDER_BODY}`,
    signature: '7adab9fb7313fe53c2b17f83b2529de5f9d46b234c87a744d3023721865fab7f',
  },
  {
    name: 'DELETE with a snake_case body',
    timestamp: '1700000000002',
    method: 'DELETE',
    path: '/api/v1/perp/orders/batch',
    body: '{"order_ids":["101","102"]}',
    payload: '1700000000002DELETE/api/v1/perp/orders/batch{"order_ids":["101","102"]}',
    signature: 'cc22ff06b3873778f6b7f86bb8405f146b68532daac7cb14afc155caeb280b22',
  },
  {
    name: 'PUT with non-ASCII text in the body (signed as UTF-8 bytes)',
    timestamp: '1700000000003',
    method: 'PUT',
    path: '/api/v1/perp/orders/7',
    body: '{"label":"café ✓"}',
    payload: '1700000000003PUT/api/v1/perp/orders/7{"label":"café ✓"}',
    signature: 'd28e2925fa4bc8a96b22597133afa7c28da7fa645382055fa6ec9ca950054afa',
  },
]
