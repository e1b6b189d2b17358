// C++ solutions of one problem (shortest paths) for the similarity tests and bench: an original,
// three disguised copies of it, and an independent solution.

export const original = `#include <bits/stdc++.h>
using namespace std;
typedef long long ll;
const ll INF = 1e18;
vector<pair<int, ll>> adj[200005];
ll dist[200005];

void dijkstra(int src, int n) {
  for (int i = 1; i <= n; i++) dist[i] = INF;
  priority_queue<pair<ll, int>, vector<pair<ll, int>>, greater<pair<ll, int>>> pq;
  dist[src] = 0;
  pq.push({0, src});
  while (!pq.empty()) {
    auto [d, u] = pq.top();
    pq.pop();
    if (d != dist[u]) continue;
    for (auto [v, w] : adj[u]) {
      if (dist[u] + w < dist[v]) {
        dist[v] = dist[u] + w;
        pq.push({dist[v], v});
      }
    }
  }
}

void readGraph(int m) {
  for (int i = 0; i < m; i++) {
    int a, b;
    ll c;
    scanf("%d %d %lld", &a, &b, &c);
    adj[a].push_back({b, c});
    adj[b].push_back({a, c});
  }
}

int main() {
  int n, m;
  scanf("%d %d", &n, &m);
  readGraph(m);
  dijkstra(1, n);
  for (int i = 1; i <= n; i++) printf("%lld ", dist[i] == INF ? -1 : dist[i]);
  printf("\\n");
  return 0;
}
`;

/** Every name changed, comments added. */
export const renamed = original
  .replace(/adj/g, 'graph')
  .replace(/dist/g, 'best')
  .replace(/dijkstra/g, 'shortest')
  .replace(/readGraph/g, 'loadEdges')
  .replace(/pq/g, 'heap')
  .replace(/\bsrc\b/g, 'start')
  .replace(/int main\(\) \{/, '// my own solution\nint main() {');

/** The two functions in the other order. */
const fnStart = original.indexOf('void dijkstra');
const readStart = original.indexOf('void readGraph');
const mainStart = original.indexOf('int main');
export const reordered =
  original.slice(0, fnStart) +
  original.slice(readStart, mainStart) +
  original.slice(fnStart, readStart) +
  original.slice(mainStart);

/** Dead code sprinkled in. */
export const padded = original
  .replace(
    'll dist[200005];',
    'll dist[200005];\nint unusedCounter = 0;\nint helper(int x) { return x * 2 + 1; }',
  )
  .replace('    pq.pop();', '    pq.pop();\n    if (false) { unusedCounter++; }')
  .replace('  readGraph(m);', '  int junk = helper(3);\n  (void)junk;\n  readGraph(m);');

/** The same problem solved independently (SPFA with an adjacency matrix, different I/O). */
export const unrelated = `#include <iostream>
#include <queue>
#include <cstring>
using namespace std;
long long d[5005];
bool inq[5005];
int n, m;
struct Edge { int to, next; long long w; } e[400005];
int head[5005], cnt;
void add(int u, int v, long long w) { e[++cnt] = {v, head[u], w}; head[u] = cnt; }
int main() {
  ios::sync_with_stdio(false);
  cin >> n >> m;
  memset(head, 0, sizeof head);
  while (m--) {
    int u, v; long long w;
    cin >> u >> v >> w;
    add(u, v, w);
    add(v, u, w);
  }
  memset(d, 0x3f, sizeof d);
  queue<int> q;
  d[1] = 0; q.push(1); inq[1] = true;
  while (q.size()) {
    int x = q.front(); q.pop(); inq[x] = false;
    for (int i = head[x]; i; i = e[i].next) {
      int y = e[i].to;
      if (d[x] + e[i].w < d[y]) {
        d[y] = d[x] + e[i].w;
        if (!inq[y]) { inq[y] = true; q.push(y); }
      }
    }
  }
  for (int i = 1; i <= n; i++) cout << (d[i] > (long long)1e17 ? -1 : d[i]) << ' ';
  cout << endl;
}
`;
