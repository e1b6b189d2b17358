// The two editor themes of the spec (§9) without a packaged CodeMirror 6 port: base16-dark and
// cobalt, drawn from their classic palettes.
import { tags as t } from '@lezer/highlight';
import { createTheme } from '@uiw/codemirror-themes';

export const base16Dark = createTheme({
  theme: 'dark',
  settings: {
    background: '#151515',
    foreground: '#e0e0e0',
    caret: '#b0b0b0',
    selection: '#303030',
    lineHighlight: '#202020',
    gutterBackground: '#151515',
    gutterForeground: '#505050',
  },
  styles: [
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#8f5536' },
    { tag: [t.string, t.special(t.string)], color: '#90a959' },
    { tag: [t.keyword, t.controlKeyword, t.modifier], color: '#aa759f' },
    { tag: [t.number, t.bool, t.null], color: '#d28445' },
    { tag: [t.function(t.variableName), t.function(t.propertyName)], color: '#6a9fb5' },
    { tag: [t.typeName, t.className, t.namespace], color: '#f4bf75' },
    { tag: [t.definition(t.variableName), t.propertyName], color: '#75b5aa' },
    { tag: [t.processingInstruction, t.meta], color: '#ac4142' },
    { tag: t.operator, color: '#e0e0e0' },
  ],
});

export const cobalt = createTheme({
  theme: 'dark',
  settings: {
    background: '#002240',
    foreground: '#ffffff',
    caret: '#ffffff',
    selection: '#b36539',
    lineHighlight: '#00284d',
    gutterBackground: '#002240',
    gutterForeground: '#d0d0d0',
  },
  styles: [
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#0088ff' },
    { tag: [t.string, t.special(t.string)], color: '#3ad900' },
    { tag: [t.keyword, t.controlKeyword, t.modifier], color: '#ffee80' },
    { tag: [t.number, t.bool, t.null, t.atom], color: '#ff628c' },
    { tag: [t.function(t.variableName), t.definition(t.variableName)], color: '#ffdd00' },
    { tag: [t.typeName, t.className], color: '#80ffbb' },
    { tag: [t.processingInstruction, t.meta], color: '#ff9d00' },
    { tag: t.propertyName, color: '#9effff' },
  ],
});
