import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { topLevelMembers } from '../../src/probe/raw-json.js';

describe('topLevelMembers', () => {
  it('returns each member\'s raw text, number spelling included', () => {
    const text = '{"jsonrpc": "2.0", "id": 7, "result": {"tools": [{"minimum": 0.0, "maximum": 1e3, "x": -0}]}}';
    const members = topLevelMembers(text);
    assert.equal(members?.get('result'), '{"tools": [{"minimum": 0.0, "maximum": 1e3, "x": -0}]}');
    assert.equal(members?.get('id'), '7');
    assert.equal(members?.get('jsonrpc'), '"2.0"');
  });

  it('is not fooled by brackets, quotes and escapes inside strings', () => {
    const text = '{ "result" : {"d": "a } ] \\" { [ \\\\"}, "n" :1.50 , "k\\u0065y": [ "}" ] }';
    const members = topLevelMembers(text);
    assert.equal(members?.get('result'), '{"d": "a } ] \\" { [ \\\\"}');
    assert.equal(members?.get('n'), '1.50');
    assert.equal(members?.get('key'), '[ "}" ]', 'names are decoded');
  });

  it('keeps the last of duplicated names, as JSON.parse does', () => {
    assert.equal(topLevelMembers('{"result": 1, "result": 2.0}')?.get('result'), '2.0');
  });

  it('answers undefined for a non-object and an empty map for {}', () => {
    assert.equal(topLevelMembers('[1, 2]'), undefined);
    assert.equal(topLevelMembers(' {}')?.size, 0);
  });
});
