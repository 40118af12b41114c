/**
 * Minimal ONNX protobuf schema (subset of onnx/onnx.proto, field numbers as upstream)
 * and an encoder built on protobufjs. Only what the converter writes is declared.
 */
import protobuf from 'protobufjs';

const ONNX_PROTO = `
syntax = "proto3";
package onnx;
message AttributeProto {
  enum AttributeType { UNDEFINED = 0; FLOAT = 1; INT = 2; STRING = 3; TENSOR = 4; GRAPH = 5; FLOATS = 6; INTS = 7; STRINGS = 8; TENSORS = 9; GRAPHS = 10; }
  string name = 1;
  float f = 2;
  int64 i = 3;
  bytes s = 4;
  TensorProto t = 5;
  repeated float floats = 7;
  repeated int64 ints = 8;
  repeated bytes strings = 9;
  AttributeType type = 20;
}
message ValueInfoProto { string name = 1; TypeProto type = 2; string doc_string = 3; }
message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  string name = 3;
  string op_type = 4;
  repeated AttributeProto attribute = 5;
  string doc_string = 6;
  string domain = 7;
}
message StringStringEntryProto { string key = 1; string value = 2; }
message ModelProto {
  int64 ir_version = 1;
  repeated OperatorSetIdProto opset_import = 8;
  string producer_name = 2;
  string producer_version = 3;
  string domain = 4;
  int64 model_version = 5;
  string doc_string = 6;
  GraphProto graph = 7;
  repeated StringStringEntryProto metadata_props = 14;
}
message GraphProto {
  repeated NodeProto node = 1;
  string name = 2;
  repeated TensorProto initializer = 5;
  string doc_string = 10;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
  repeated ValueInfoProto value_info = 13;
}
message TensorProto {
  repeated int64 dims = 1;
  int32 data_type = 2;
  repeated float float_data = 4;
  repeated int32 int32_data = 5;
  repeated int64 int64_data = 7;
  string name = 8;
  bytes raw_data = 9;
}
message TensorShapeProto {
  message Dimension { int64 dim_value = 1; string dim_param = 2; }
  repeated Dimension dim = 1;
}
message TypeProto {
  message Tensor { int32 elem_type = 1; TensorShapeProto shape = 2; }
  Tensor tensor_type = 1;
}
message OperatorSetIdProto { string domain = 1; int64 version = 2; }
`;

export const DataType = { FLOAT: 1, INT32: 6, INT64: 7 } as const;
export const AttrType = { FLOAT: 1, INT: 2, STRING: 3, TENSOR: 4, FLOATS: 6, INTS: 7 } as const;

export interface OnnxAttr {
  name: string;
  type: number;
  f?: number;
  i?: number;
  s?: Uint8Array;
  ints?: number[];
  floats?: number[];
}
export interface OnnxNode {
  input: string[];
  output: string[];
  name: string;
  op_type: string;
  attribute: OnnxAttr[];
}
export interface OnnxTensor {
  name: string;
  dims: number[];
  data_type: number;
  raw_data: Uint8Array;
}
export interface OnnxValueInfo {
  name: string;
  type: { tensor_type: { elem_type: number; shape: { dim: Array<{ dim_value?: number; dim_param?: string }> } } };
}
export interface OnnxModel {
  ir_version: number;
  opset_import: Array<{ domain: string; version: number }>;
  producer_name: string;
  producer_version: string;
  doc_string?: string;
  graph: { name: string; node: OnnxNode[]; initializer: OnnxTensor[]; input: OnnxValueInfo[]; output: OnnxValueInfo[] };
  metadata_props?: Array<{ key: string; value: string }>;
}

let modelType: protobuf.Type | undefined;
function getModelType(): protobuf.Type {
  if (!modelType) modelType = protobuf.parse(ONNX_PROTO, { keepCase: true }).root.lookupType('onnx.ModelProto');
  return modelType;
}

export function encodeModel(model: OnnxModel): Uint8Array {
  const T = getModelType();
  const msg = T.fromObject(model);
  return T.encode(msg).finish();
}

export function decodeModel(bytes: Uint8Array): OnnxModel {
  const T = getModelType();
  return T.toObject(T.decode(bytes), {
    longs: Number,
    bytes: Uint8Array as unknown as typeof String,
    defaults: false,
  }) as unknown as OnnxModel;
}

// attribute helpers
export const attrInt = (name: string, i: number): OnnxAttr => ({ name, type: AttrType.INT, i });
export const attrFloat = (name: string, f: number): OnnxAttr => ({ name, type: AttrType.FLOAT, f });
export const attrInts = (name: string, ints: number[]): OnnxAttr => ({ name, type: AttrType.INTS, ints });
export const attrString = (name: string, s: string): OnnxAttr => ({
  name,
  type: AttrType.STRING,
  s: new TextEncoder().encode(s),
});

export function floatTensor(name: string, dims: number[], data: Float32Array): OnnxTensor {
  return {
    name,
    dims,
    data_type: DataType.FLOAT,
    raw_data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice(),
  };
}
/** The float32 values of a FLOAT tensor's raw data (a copy). */
export const floatsOf = (t: OnnxTensor): Float32Array =>
  new Float32Array(t.raw_data.buffer.slice(t.raw_data.byteOffset, t.raw_data.byteOffset + t.raw_data.byteLength));

export function int64Tensor(name: string, dims: number[], data: number[]): OnnxTensor {
  const b = new BigInt64Array(data.map((v) => BigInt(v)));
  return { name, dims, data_type: DataType.INT64, raw_data: new Uint8Array(b.buffer) };
}
