// What every page of the run folder and the experiments shares: lookup, escaping, numbers, tables, colours.
const $ = id => document.getElementById(id);
const esc = s => s === null || s === undefined ? '–' : String(s).replace(/[&<>"]/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]));
const num = v => typeof v === 'number' && Number.isFinite(v);
const n = (v, d = 1) => !num(v) ? '–' : Number(v).toLocaleString('en-US', {minimumFractionDigits: d, maximumFractionDigits: d});
// left: how many leading columns are left-aligned, or an array of their indices
const table = (head, rows, left = 1) => { const l = i => (Array.isArray(left) ? left.includes(i) : i < left) ? 'l' : '';
  return '<table><tr>' + head.map((h, i) => `<th class="${l(i)}">${h}</th>`).join('') + '</tr>'
    + rows.map(r => '<tr>' + r.map((c, i) => `<td class="${l(i)}">${c}</td>`).join('') + '</tr>').join('') + '</table>'; };
const palette = ['#1565c0', '#c62828', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#5d4037', '#9e9d24', '#ad1457', '#455a64'];
const color = i => palette[i % palette.length];
