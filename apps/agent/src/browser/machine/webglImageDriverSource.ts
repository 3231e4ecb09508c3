/**
 * The source of the WebGL image driver (webglImageDriver.ts compiles it with the machine's C
 * compiler, once per version of this text). Kept as text so that the agent's one-file bundle
 * carries it too; C, not TypeScript: it runs inside Chromium's GPU process.
 */
export const webglImageDriverSource = String.raw`/*
 * The WebGL image of a profile, drawn by the machine's own software GPU.
 *
 * Without a GPU, Chromium draws WebGL with ANGLE on SwiftShader, a Vulkan driver: every profile
 * on a machine reads back the same pixels, so a site can link them. A page script can add noise
 * to readPixels, but every stand-in shows to a lie detector (docs/fingerprint.md). This is a
 * Vulkan driver in front of SwiftShader, named by VK_DRIVER_FILES in the profile's browser: it
 * passes every call through, and when a copy from an 8-bit colour image into a buffer (what a
 * readback is) has run, it flips the lowest bit of one colour channel in three of four pixels
 * that are not transparent, chosen by the profile's seed and the pixel's place in the image (so a
 * few drawn pixels already tell two profiles apart; transparent ones stay empty, as on any GPU).
 * readPixels and toDataURL then agree, in pages and workers, and no function of the page
 * changes.
 *
 * Environment: FACET_VK_DRIVER (the real driver's library), FACET_WEBGL_SEED (32-bit, decimal).
 * Written without Vulkan's headers: only the few structures read here, at their fixed offsets
 * on 64-bit Linux.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t VkResult;
typedef uint64_t Handle; /* non-dispatchable handles are 64-bit; dispatchable ones are pointers */
typedef void (*Fn)(void);
typedef Fn (*GetProcAddr)(void *owner, const char *name);

#define VK_SUCCESS 0
#define VK_ERROR_INCOMPATIBLE_DRIVER (-9)

static void *realLibrary;
static VkResult (*realNegotiate)(uint32_t *);
static GetProcAddr realInstanceProcAddr;
static GetProcAddr realPhysicalDeviceProcAddr;
static GetProcAddr realDeviceProcAddr;
static uint32_t seed;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static VkResult (*realCreateImage)(void *, const void *, const void *, Handle *);
static void (*realDestroyImage)(void *, Handle, const void *);
static VkResult (*realAllocateMemory)(void *, const void *, const void *, Handle *);
static void (*realFreeMemory)(void *, Handle, const void *);
static VkResult (*realMapMemory)(void *, Handle, uint64_t, uint64_t, uint32_t, void **);
static void (*realUnmapMemory)(void *, Handle);
static VkResult (*realBindBufferMemory)(void *, Handle, Handle, uint64_t);
static VkResult (*realBindBufferMemory2)(void *, uint32_t, const void *);
static void (*realDestroyBuffer)(void *, Handle, const void *);
static VkResult (*realBeginCommandBuffer)(void *, const void *);
static void (*realCmdCopyImageToBuffer)(void *, Handle, int32_t, Handle, uint32_t, const void *);
static void (*realCmdCopyImageToBuffer2)(void *, const void *);
static void (*realCmdExecuteCommands)(void *, uint32_t, void *const *);
static VkResult (*realQueueSubmit)(void *, uint32_t, const void *, Handle);
static VkResult (*realQueueSubmit2)(void *, uint32_t, const void *, Handle);
static VkResult (*realQueueWaitIdle)(void *);

/* ---- a small map from a 64-bit handle to a record ---- */

#define BUCKETS 4096

struct Entry {
  uint64_t key;
  struct Entry *next;
  /* image: a format · memory: a size, b mapped base, c..d the mapped range · buffer: a memory, b offset */
  uint64_t a, b, c, d;
  void *device;
};

struct Map {
  struct Entry *buckets[BUCKETS];
};

static struct Map images, memories, buffers;

static struct Entry *find(struct Map *map, uint64_t key) {
  for (struct Entry *e = map->buckets[(key >> 4) % BUCKETS]; e; e = e->next)
    if (e->key == key) return e;
  return NULL;
}

static struct Entry *put(struct Map *map, uint64_t key) {
  struct Entry *e = find(map, key);
  if (e) return e;
  e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->key = key;
  e->next = map->buckets[(key >> 4) % BUCKETS];
  map->buckets[(key >> 4) % BUCKETS] = e;
  return e;
}

static void drop(struct Map *map, uint64_t key) {
  struct Entry **at = &map->buckets[(key >> 4) % BUCKETS];
  while (*at) {
    if ((*at)->key == key) {
      struct Entry *gone = *at;
      *at = gone->next;
      free(gone);
      return;
    }
    at = &(*at)->next;
  }
}

/* ---- readbacks recorded in command buffers, noised once their submission has run ---- */

struct Readback {
  Handle buffer;
  uint64_t offset;
  uint32_t rowLength, x, y, width, height, format;
};

struct Recording {
  struct Recording *next;
  void *commandBuffer;
  uint32_t count, capacity;
  struct Readback *items;
};

static struct Recording *recordings;

static struct Recording *recordingOf(void *commandBuffer, int create) {
  for (struct Recording *r = recordings; r; r = r->next)
    if (r->commandBuffer == commandBuffer) return r;
  if (!create) return NULL;
  struct Recording *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->commandBuffer = commandBuffer;
  r->next = recordings;
  recordings = r;
  return r;
}

static void record(void *commandBuffer, struct Readback readback) {
  struct Recording *r = recordingOf(commandBuffer, 1);
  if (!r) return;
  if (r->count == r->capacity) {
    uint32_t capacity = r->capacity ? r->capacity * 2 : 4;
    struct Readback *items = realloc(r->items, capacity * sizeof *items);
    if (!items) return;
    r->items = items;
    r->capacity = capacity;
  }
  r->items[r->count++] = readback;
}

/* VkFormat values of 8-bit four-channel colour, and where red sits in them. */
static int redIndex(uint32_t format) {
  switch (format) {
    case 37: case 38: case 43: return 0; /* R8G8B8A8 UNORM, SNORM, SRGB */
    case 44: case 45: case 50: return 2; /* B8G8R8A8 UNORM, SNORM, SRGB */
    default: return -1;
  }
}

static uint32_t mix(uint32_t h) {
  h ^= h >> 16;
  h *= 0x7feb352d;
  h ^= h >> 15;
  h *= 0x846ca68b;
  h ^= h >> 16;
  return h;
}

/* The same pixel of an image reads back the same through any rectangle and any readback. */
static void noise(uint8_t *pixels, const struct Readback *r) {
  int red = redIndex(r->format);
  uint32_t stride = (r->rowLength ? r->rowLength : r->width) * 4;
  for (uint32_t row = 0; row < r->height; row++) {
    uint8_t *p = pixels + (uint64_t)row * stride;
    for (uint32_t column = 0; column < r->width; column++, p += 4) {
      uint32_t h = mix(seed ^ mix(((r->y + row) << 16) ^ (r->x + column)));
      int channel = (int)(h & 3) - 1; /* -1: this pixel stays as drawn */
      uint8_t alpha = p[3];
      if (channel < 0 || alpha == 0) continue; /* a transparent pixel stays empty */
      int at = red == 0 ? channel : 2 - channel;
      uint8_t value = p[at] ^ 1;
      if (value > alpha) continue; /* premultiplied colour never exceeds its alpha */
      p[at] = value;
    }
  }
}

static void apply(const struct Readback *r) {
  struct Entry *buffer = find(&buffers, r->buffer);
  if (!buffer) return;
  struct Entry *memory = find(&memories, buffer->a);
  if (!memory) return;
  uint64_t stride = (uint64_t)(r->rowLength ? r->rowLength : r->width) * 4;
  uint64_t start = buffer->b + r->offset;
  uint64_t end = start + stride * (r->height - 1) + (uint64_t)r->width * 4;
  if (r->height == 0 || r->width == 0 || end > memory->a) return;
  uint8_t *base = (uint8_t *)(uintptr_t)memory->b;
  void *mapped = NULL;
  if (base && (start < memory->c || end > memory->d)) return; /* outside what the caller mapped */
  if (!base) {
    if (realMapMemory(memory->device, memory->key, 0, memory->a, 0, &mapped) != VK_SUCCESS) return;
    base = mapped;
  }
  noise(base + start, r);
  if (mapped) realUnmapMemory(memory->device, memory->key);
}

/* ---- the calls this driver watches ---- */

static VkResult createImage(void *device, const void *info, const void *allocator, Handle *image) {
  VkResult result = realCreateImage(device, info, allocator, image);
  if (result == VK_SUCCESS) {
    pthread_mutex_lock(&lock);
    struct Entry *e = put(&images, *image);
    if (e) e->a = *(const uint32_t *)((const char *)info + 24); /* VkImageCreateInfo.format */
    pthread_mutex_unlock(&lock);
  }
  return result;
}

static void destroyImage(void *device, Handle image, const void *allocator) {
  pthread_mutex_lock(&lock);
  drop(&images, image);
  pthread_mutex_unlock(&lock);
  realDestroyImage(device, image, allocator);
}

static VkResult allocateMemory(void *device, const void *info, const void *allocator, Handle *memory) {
  VkResult result = realAllocateMemory(device, info, allocator, memory);
  if (result == VK_SUCCESS) {
    pthread_mutex_lock(&lock);
    struct Entry *e = put(&memories, *memory);
    if (e) {
      e->a = *(const uint64_t *)((const char *)info + 16); /* VkMemoryAllocateInfo.allocationSize */
      e->b = 0;
      e->device = device;
    }
    pthread_mutex_unlock(&lock);
  }
  return result;
}

static void freeMemory(void *device, Handle memory, const void *allocator) {
  pthread_mutex_lock(&lock);
  drop(&memories, memory);
  pthread_mutex_unlock(&lock);
  realFreeMemory(device, memory, allocator);
}

static VkResult mapMemory(void *device, Handle memory, uint64_t offset, uint64_t size, uint32_t flags, void **data) {
  VkResult result = realMapMemory(device, memory, offset, size, flags, data);
  if (result == VK_SUCCESS) {
    pthread_mutex_lock(&lock);
    struct Entry *e = find(&memories, memory);
    if (e) {
      e->b = (uint64_t)(uintptr_t)*data - offset;
      e->c = offset;
      e->d = size == ~0ULL || offset + size > e->a ? e->a : offset + size; /* VK_WHOLE_SIZE: to the end */
    }
    pthread_mutex_unlock(&lock);
  }
  return result;
}

static void unmapMemory(void *device, Handle memory) {
  pthread_mutex_lock(&lock);
  struct Entry *e = find(&memories, memory);
  if (e) e->b = 0;
  pthread_mutex_unlock(&lock);
  realUnmapMemory(device, memory);
}

static void bound(Handle buffer, Handle memory, uint64_t offset) {
  struct Entry *e = put(&buffers, buffer);
  if (e) {
    e->a = memory;
    e->b = offset;
  }
}

static VkResult bindBufferMemory(void *device, Handle buffer, Handle memory, uint64_t offset) {
  VkResult result = realBindBufferMemory(device, buffer, memory, offset);
  if (result == VK_SUCCESS) {
    pthread_mutex_lock(&lock);
    bound(buffer, memory, offset);
    pthread_mutex_unlock(&lock);
  }
  return result;
}

static VkResult bindBufferMemory2(void *device, uint32_t count, const void *infos) {
  VkResult result = realBindBufferMemory2(device, count, infos);
  if (result == VK_SUCCESS) {
    pthread_mutex_lock(&lock);
    for (uint32_t i = 0; i < count; i++) {
      const char *info = (const char *)infos + i * 40; /* VkBindBufferMemoryInfo */
      bound(*(const Handle *)(info + 16), *(const Handle *)(info + 24), *(const uint64_t *)(info + 32));
    }
    pthread_mutex_unlock(&lock);
  }
  return result;
}

static void destroyBuffer(void *device, Handle buffer, const void *allocator) {
  pthread_mutex_lock(&lock);
  drop(&buffers, buffer);
  pthread_mutex_unlock(&lock);
  realDestroyBuffer(device, buffer, allocator);
}

static VkResult beginCommandBuffer(void *commandBuffer, const void *info) {
  pthread_mutex_lock(&lock);
  struct Recording *r = recordingOf(commandBuffer, 0);
  if (r) r->count = 0;
  pthread_mutex_unlock(&lock);
  return realBeginCommandBuffer(commandBuffer, info);
}

/* One VkBufferImageCopy (or the tail of a VkBufferImageCopy2 from its bufferOffset on). */
static void watchRegion(void *commandBuffer, Handle image, Handle buffer, const char *region) {
  struct Entry *e = find(&images, image);
  if (!e || redIndex((uint32_t)e->a) < 0) return;
  uint32_t aspect = *(const uint32_t *)(region + 16);
  uint32_t depth = *(const uint32_t *)(region + 52); /* imageExtent.depth */
  if (aspect != 1 || depth != 1) return; /* colour, one slice */
  struct Readback r = {
    .buffer = buffer,
    .offset = *(const uint64_t *)region,
    .rowLength = *(const uint32_t *)(region + 8),
    .x = *(const uint32_t *)(region + 32),
    .y = *(const uint32_t *)(region + 36),
    .width = *(const uint32_t *)(region + 44),
    .height = *(const uint32_t *)(region + 48),
    .format = (uint32_t)e->a,
  };
  record(commandBuffer, r);
}

static void cmdCopyImageToBuffer(void *commandBuffer, Handle image, int32_t layout, Handle buffer, uint32_t count, const void *regions) {
  realCmdCopyImageToBuffer(commandBuffer, image, layout, buffer, count, regions);
  pthread_mutex_lock(&lock);
  for (uint32_t i = 0; i < count; i++) watchRegion(commandBuffer, image, buffer, (const char *)regions + i * 56);
  pthread_mutex_unlock(&lock);
}

static void cmdCopyImageToBuffer2(void *commandBuffer, const void *info) {
  realCmdCopyImageToBuffer2(commandBuffer, info);
  const char *copy = info;
  Handle image = *(const Handle *)(copy + 16);
  Handle buffer = *(const Handle *)(copy + 32);
  uint32_t count = *(const uint32_t *)(copy + 40);
  const char *regions = *(const char *const *)(copy + 48);
  pthread_mutex_lock(&lock);
  for (uint32_t i = 0; i < count; i++) watchRegion(commandBuffer, image, buffer, regions + i * 72 + 16);
  pthread_mutex_unlock(&lock);
}

static void cmdExecuteCommands(void *primary, uint32_t count, void *const *secondaries) {
  realCmdExecuteCommands(primary, count, secondaries);
  pthread_mutex_lock(&lock);
  for (uint32_t i = 0; i < count; i++) {
    struct Recording *r = recordingOf(secondaries[i], 0);
    for (uint32_t j = 0; r && j < r->count; j++) record(primary, r->items[j]);
  }
  pthread_mutex_unlock(&lock);
}

static int hasReadbacks(void *commandBuffer) {
  struct Recording *r = recordingOf(commandBuffer, 0);
  return r && r->count > 0;
}

static int applyAll(void *commandBuffer) {
  struct Recording *r = recordingOf(commandBuffer, 0);
  for (uint32_t j = 0; r && j < r->count; j++) apply(&r->items[j]);
  return 0;
}

/*
 * Each command buffer of a vkQueueSubmit (VkSubmitInfo, 72 bytes) or vkQueueSubmit2
 * (VkSubmitInfo2, 64 bytes, its buffers in VkCommandBufferSubmitInfo of 32) until visit says 1.
 */
static int anySubmitted(int second, uint32_t count, const void *submits, int (*visit)(void *)) {
  for (uint32_t i = 0; i < count; i++) {
    const char *submit = (const char *)submits + i * (second ? 64 : 72);
    uint32_t buffers = *(const uint32_t *)(submit + (second ? 32 : 40));
    const char *list = *(const char *const *)(submit + (second ? 40 : 48));
    for (uint32_t j = 0; j < buffers; j++)
      if (visit(second ? *(void *const *)(list + j * 32 + 16) : ((void *const *)list)[j])) return 1;
  }
  return 0;
}

/*
 * A submission that reads an image back is waited for before the call returns, and noised: the
 * caller reads the buffer only after waiting for it anyway (ANGLE's readPixels finishes first).
 */
static VkResult submitted(int second, void *queue, uint32_t count, const void *submits, Handle fence) {
  pthread_mutex_lock(&lock);
  int reads = anySubmitted(second, count, submits, hasReadbacks);
  pthread_mutex_unlock(&lock);
  VkResult result = second ? realQueueSubmit2(queue, count, submits, fence) : realQueueSubmit(queue, count, submits, fence);
  if (!reads || result != VK_SUCCESS || realQueueWaitIdle(queue) != VK_SUCCESS) return result;
  pthread_mutex_lock(&lock);
  anySubmitted(second, count, submits, applyAll);
  pthread_mutex_unlock(&lock);
  return result;
}

static VkResult queueSubmit(void *queue, uint32_t count, const void *submits, Handle fence) {
  return submitted(0, queue, count, submits, fence);
}

static VkResult queueSubmit2(void *queue, uint32_t count, const void *submits, Handle fence) {
  return submitted(1, queue, count, submits, fence);
}

/* ---- the loader's side: hand out the real functions, or ours in front of them ---- */

#define WATCH(name, ours, real) \
  if (!strcmp(asked, name)) { \
    if (!found) return NULL; \
    memcpy(&real, &found, sizeof found); \
    return (Fn)ours; \
  }

static Fn deviceProcAddr(void *device, const char *asked);

static Fn watched(const char *asked, Fn found) {
  WATCH("vkGetDeviceProcAddr", deviceProcAddr, realDeviceProcAddr)
  WATCH("vkCreateImage", createImage, realCreateImage)
  WATCH("vkDestroyImage", destroyImage, realDestroyImage)
  WATCH("vkAllocateMemory", allocateMemory, realAllocateMemory)
  WATCH("vkFreeMemory", freeMemory, realFreeMemory)
  WATCH("vkMapMemory", mapMemory, realMapMemory)
  WATCH("vkUnmapMemory", unmapMemory, realUnmapMemory)
  WATCH("vkBindBufferMemory", bindBufferMemory, realBindBufferMemory)
  WATCH("vkBindBufferMemory2", bindBufferMemory2, realBindBufferMemory2)
  WATCH("vkBindBufferMemory2KHR", bindBufferMemory2, realBindBufferMemory2)
  WATCH("vkDestroyBuffer", destroyBuffer, realDestroyBuffer)
  WATCH("vkBeginCommandBuffer", beginCommandBuffer, realBeginCommandBuffer)
  WATCH("vkCmdCopyImageToBuffer", cmdCopyImageToBuffer, realCmdCopyImageToBuffer)
  WATCH("vkCmdCopyImageToBuffer2", cmdCopyImageToBuffer2, realCmdCopyImageToBuffer2)
  WATCH("vkCmdCopyImageToBuffer2KHR", cmdCopyImageToBuffer2, realCmdCopyImageToBuffer2)
  WATCH("vkCmdExecuteCommands", cmdExecuteCommands, realCmdExecuteCommands)
  WATCH("vkQueueSubmit", queueSubmit, realQueueSubmit)
  WATCH("vkQueueSubmit2", queueSubmit2, realQueueSubmit2)
  WATCH("vkQueueSubmit2KHR", queueSubmit2, realQueueSubmit2)
  if (!strcmp(asked, "vkQueueWaitIdle") && found) memcpy(&realQueueWaitIdle, &found, sizeof found);
  return found;
}

static Fn deviceProcAddr(void *device, const char *asked) {
  if (!realQueueWaitIdle) {
    Fn wait = realDeviceProcAddr(device, "vkQueueWaitIdle");
    memcpy(&realQueueWaitIdle, &wait, sizeof wait);
  }
  return watched(asked, realDeviceProcAddr(device, asked));
}

static int load(void) {
  if (realLibrary) return 1;
  const char *path = getenv("FACET_VK_DRIVER");
  const char *seedText = getenv("FACET_WEBGL_SEED");
  if (!path || !*path) return 0;
  seed = seedText ? (uint32_t)strtoul(seedText, NULL, 10) : 0;
  void *library = dlopen(path, RTLD_LAZY | RTLD_LOCAL); /* as the Vulkan loader opens drivers */
  if (!library) return 0;
  *(void **)&realNegotiate = dlsym(library, "vk_icdNegotiateLoaderICDInterfaceVersion");
  *(void **)&realInstanceProcAddr = dlsym(library, "vk_icdGetInstanceProcAddr");
  *(void **)&realPhysicalDeviceProcAddr = dlsym(library, "vk_icdGetPhysicalDeviceProcAddr");
  if (!realInstanceProcAddr) return 0;
  realLibrary = library;
  return 1;
}

__attribute__((visibility("default"))) VkResult vk_icdNegotiateLoaderICDInterfaceVersion(uint32_t *version) {
  if (!load()) return VK_ERROR_INCOMPATIBLE_DRIVER;
  if (!realNegotiate) {
    if (*version > 1) *version = 1;
    return VK_SUCCESS;
  }
  return realNegotiate(version);
}

__attribute__((visibility("default"))) Fn vk_icdGetInstanceProcAddr(void *instance, const char *asked) {
  if (!load()) return NULL;
  return watched(asked, realInstanceProcAddr(instance, asked));
}

__attribute__((visibility("default"))) Fn vk_icdGetPhysicalDeviceProcAddr(void *instance, const char *asked) {
  if (!load() || !realPhysicalDeviceProcAddr) return NULL;
  return realPhysicalDeviceProcAddr(instance, asked);
}
`;
