import { describe, expect, it } from 'vitest';
import { parseFps } from './fps';
import { hydroLanguage, parseHydroMemory, parseHydroTime, splitHydroMarkdown } from './hydro';
import { PackageError } from './types';

describe('Hydro helpers', () => {
  it('parses time and memory units', () => {
    expect(parseHydroTime('1s')).toBe(1000);
    expect(parseHydroTime('1.5s')).toBe(1500);
    expect(parseHydroTime('250ms')).toBe(250);
    expect(parseHydroTime(300)).toBe(300);
    expect(parseHydroTime('fast')).toBeNull();
    expect(parseHydroMemory('256m')).toBe(256);
    expect(parseHydroMemory('512MB')).toBe(512);
    expect(parseHydroMemory('1g')).toBe(1024);
    expect(parseHydroMemory('65536k')).toBe(64);
    expect(parseHydroMemory('lots')).toBeNull();
  });
  it('maps language keys by first substring match', () => {
    expect(hydroLanguage('cc.cc17o2')).toBe('C++ With O2');
    expect(hydroLanguage('cc.cc14')).toBe('C++');
    expect(hydroLanguage('c')).toBe('C');
    expect(hydroLanguage('cs')).toBe('C#');
    expect(hydroLanguage('py.py3')).toBe('PyPy3');
    expect(hydroLanguage('py')).toBe('Python3');
    expect(hydroLanguage('java')).toBe('Java');
    expect(hydroLanguage('rust')).toBeNull();
  });
  it('moves fenced input/output blocks into examples', () => {
    const md =
      'Intro\n\n```input1\n1\n```\n\ntext\n\n```output1\n2\n```\n```input2\n3\n```\n```output2\n4\n```\n';
    expect(splitHydroMarkdown(md)).toEqual({
      description: 'Intro\n\n\ntext',
      examples: '<input>1\n</input><output>2\n</output><input>3\n</input><output>4\n</output>',
    });
  });
});

describe('FPS', () => {
  const item = (extra: string) =>
    `<fps version="1.1"><item><title>T</title><time_limit unit="s">1</time_limit><memory_limit unit="kb">128</memory_limit>` +
    `<description>d</description><input>i</input><output>o</output><hint>h</hint><source>s</source>${extra}</item></fps>`;
  it('reads version 1.1 memory as MB and pairs missing test outputs with empty data', () => {
    const [p] = parseFps(
      item('<test_input>1</test_input><test_input>2</test_input><test_output>1</test_output>'),
    );
    expect(p!.values).toMatchObject({ time_limit: 1000, memory_limit: 128 });
    expect(p!.cases.map((c) => Buffer.from(c.output).toString())).toEqual(['1', '']);
  });
  it('refuses missing fields and broken documents', () => {
    expect(() => parseFps(item('<test_input>1</test_input>').replace('<hint>h</hint>', ''))).toThrow(
      '[T] 题目缺少 hint 字段',
    );
    expect(() => parseFps('<fps>')).toThrow(PackageError);
    expect(() => parseFps('<fps version="1.2"></fps>')).toThrow('读取xml失败');
  });
  it('refuses external entities and entity bombs (no DTD at all)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE fps [<!ENTITY x SYSTEM "file:///etc/passwd">]>${item('').replace('<hint>h</hint>', '<hint>&x;</hint>')}`;
    expect(() => parseFps(xxe)).toThrow(PackageError);
    const lol = `<!DOCTYPE a [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>${item('')}`;
    expect(() => parseFps(lol)).toThrow('DOCTYPE');
  });
});
