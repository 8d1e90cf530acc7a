// The C ABI as C# users expect it, over the raw declarations of `Collision.cs`: shapes
// and caches are `SafeHandle`s (disposed with `using` or by the garbage collector, never
// twice, never while a call is using them), failures are exceptions that carry the
// library's status and message, and queries return values (`null` where there is no
// answer, such as a ray that misses).
//
// Compile both files together (`mcs Collision.cs ConvexCollision.cs ...`, or add both to
// a .NET or Unity project); the library is found as `Collision.cs` describes.
//
// Errors: a call the library refuses throws `CollisionException` (its `Status` says
// which refusal, its message the library's); `NotConvergedException<T>` (a
// `CollisionException`) carries the best answer the library found with its bounds, as
// `COLL_STATUS_NOT_CONVERGED` does; a null argument throws `ArgumentNullException` and a
// disposed handle `ObjectDisposedException`, before any native call. Batch calls report
// each pair's status in an array instead, as the C ABI does.

using System;
using System.Runtime.InteropServices;

namespace ConvexCollision
{
    /// <summary>A call the library refused: its status and its message.</summary>
    public class CollisionException : Exception
    {
        /// <summary>What the library returned.</summary>
        public CollStatus Status { get; private set; }

        /// <summary>An exception for `status`, with the library's `message`.</summary>
        public CollisionException(CollStatus status, string message)
            : base(status + ": " + message)
        {
            Status = status;
        }

        /// <summary>Throws the exception for `status` (read right after the call, on its
        /// thread, so that the message is the call's) unless it is `Ok`.</summary>
        internal static void Check(CollStatus status)
        {
            if (status != CollStatus.Ok)
            {
                throw new CollisionException(status, Native.LastErrorMessage());
            }
        }

        /// <summary>`answer` when `status` is `Ok`; otherwise throws, with `answer` attached
        /// when the library did not converge.</summary>
        internal static T Answer<T>(CollStatus status, T answer)
        {
            if (status == CollStatus.NotConverged)
            {
                throw new NotConvergedException<T>(Native.LastErrorMessage(), answer);
            }
            Check(status);
            return answer;
        }
    }

    /// <summary>A query that stopped before it converged (`COLL_STATUS_NOT_CONVERGED`),
    /// with the best answer it found: its bounds are proven, its value not to the
    /// tolerance.</summary>
    public class NotConvergedException<T> : CollisionException
    {
        /// <summary>The best answer found, never NaN.</summary>
        public T Answer { get; private set; }

        /// <summary>The exception for a run that stopped with `answer`.</summary>
        public NotConvergedException(string message, T answer)
            : base(CollStatus.NotConverged, message)
        {
            Answer = answer;
        }
    }

    /// <summary>A handle's native pointer, held for the length of a call: the handle can
    /// be neither released nor finalized in between (dispose it with `using`).</summary>
    internal struct Lease : IDisposable
    {
        private readonly SafeHandle owner;
        private readonly bool added;

        /// <summary>The native pointer (`IntPtr.Zero` for a null optional handle).</summary>
        public readonly IntPtr Pointer;

        /// <summary>Holds `handle` (null only when `optional`).</summary>
        public Lease(SafeHandle handle, string name, bool optional = false)
        {
            owner = handle;
            added = false;
            Pointer = IntPtr.Zero;
            if (handle == null)
            {
                if (!optional)
                {
                    throw new ArgumentNullException(name);
                }
                return;
            }
            handle.DangerousAddRef(ref added);
            Pointer = handle.DangerousGetHandle();
        }

        /// <summary>Lets the handle go.</summary>
        public void Dispose()
        {
            if (added)
            {
                owner.DangerousRelease();
            }
        }
    }

    /// <summary>A convex shape of the library (`CollShape`): immutable, usable from any
    /// number of threads at once. Release it with `Dispose` (or `using`); the garbage
    /// collector releases the ones left over.</summary>
    public sealed class Shape : SafeHandle
    {
        // What the native shape calls back into, kept alive as long as this handle (and
        // every rounded copy made from it) is.
        private Support support;

        private Shape() : base(IntPtr.Zero, true)
        {
        }

        /// <summary>Whether the handle holds no shape.</summary>
        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        /// <summary>Destroys the native shape.</summary>
        protected override bool ReleaseHandle()
        {
            return Native.coll_shape_destroy(handle) == CollStatus.Ok;
        }

        private static Shape Made(CollStatus status, IntPtr pointer, Support support = null)
        {
            CollisionException.Check(status);
            var shape = new Shape();
            shape.SetHandle(pointer);
            shape.support = support;
            return shape;
        }

        /// <summary>A ball of `radius` about the origin.</summary>
        public static Shape Ball(double radius)
        {
            IntPtr pointer;
            return Made(Native.coll_ball_create(radius, out pointer), pointer);
        }

        /// <summary>A box of half extents `halfExtents` centred on the origin.</summary>
        public static Shape Cuboid(CollVec3 halfExtents)
        {
            IntPtr pointer;
            return Made(Native.coll_cuboid_create(ref halfExtents, out pointer), pointer);
        }

        /// <summary>A capsule along y: the points within `radius` of the segment from
        /// `-halfHeight` to `halfHeight`.</summary>
        public static Shape Capsule(double halfHeight, double radius)
        {
            IntPtr pointer;
            return Made(Native.coll_capsule_create(halfHeight, radius, out pointer), pointer);
        }

        /// <summary>A cylinder along y.</summary>
        public static Shape Cylinder(double halfHeight, double radius)
        {
            IntPtr pointer;
            return Made(Native.coll_cylinder_create(halfHeight, radius, out pointer), pointer);
        }

        /// <summary>A cone along y, apex at `+halfHeight`.</summary>
        public static Shape Cone(double halfHeight, double radius)
        {
            IntPtr pointer;
            return Made(Native.coll_cone_create(halfHeight, radius, out pointer), pointer);
        }

        /// <summary>The segment from `a` to `b`.</summary>
        public static Shape Segment(CollVec3 a, CollVec3 b)
        {
            IntPtr pointer;
            return Made(Native.coll_segment_create(ref a, ref b, out pointer), pointer);
        }

        /// <summary>The triangle `a`, `b`, `c`.</summary>
        public static Shape Triangle(CollVec3 a, CollVec3 b, CollVec3 c)
        {
            IntPtr pointer;
            return Made(Native.coll_triangle_create(ref a, ref b, ref c, out pointer), pointer);
        }

        /// <summary>The single point `position`.</summary>
        public static Shape Point(CollVec3 position)
        {
            IntPtr pointer;
            return Made(Native.coll_point_create(ref position, out pointer), pointer);
        }

        /// <summary>The convex hull of `points` (flat, collinear or coincident points
        /// give a polygon, segment or point hull; see `HullKind`).</summary>
        public static Shape Hull(CollVec3[] points)
        {
            if (points == null)
            {
                throw new ArgumentNullException("points");
            }
            var xyz = new double[3 * points.Length];
            for (int i = 0; i < points.Length; i++)
            {
                xyz[3 * i] = points[i].X;
                xyz[3 * i + 1] = points[i].Y;
                xyz[3 * i + 2] = points[i].Z;
            }
            return Hull(xyz);
        }

        /// <summary>The convex hull of the points `xyz` holds, three doubles each.</summary>
        public static Shape Hull(double[] xyz)
        {
            if (xyz == null)
            {
                throw new ArgumentNullException("xyz");
            }
            if (xyz.Length % 3 != 0)
            {
                throw new ArgumentException("holds " + xyz.Length + " doubles, not three per point", "xyz");
            }
            IntPtr pointer;
            return Made(Native.coll_hull_create(xyz, (UIntPtr)(xyz.Length / 3), out pointer), pointer);
        }

        /// <summary>`inner` grown by `margin` in every direction (a sphere-swept
        /// shape). `inner` may be disposed afterwards.</summary>
        public static Shape Rounded(Shape inner, double margin)
        {
            using (var lease = new Lease(inner, "inner"))
            {
                IntPtr pointer;
                var status = Native.coll_rounded_create(lease.Pointer, margin, out pointer);
                return Made(status, pointer, inner.support);
            }
        }

        /// <summary>A shape given by its support function: `support(dir)` returns the
        /// point of the shape farthest along `dir` (any length, possibly zero), in the
        /// shape's frame, and must describe a convex shape. `center`, when given, is a
        /// point inside it. Queries may call `support` from several threads at once. An
        /// exception or a non-finite point from `support` fails the query that called it
        /// with `CallbackNonFinite`; the shape stays usable.</summary>
        public static Shape FromSupport(Func<CollVec3, CollVec3> support, CollVec3? center = null)
        {
            if (support == null)
            {
                throw new ArgumentNullException("support");
            }
            var callback = new Support(support);
            IntPtr pointer;
            CollStatus status;
            if (center.HasValue)
            {
                var inside = new double[] { center.Value.X, center.Value.Y, center.Value.Z };
                var pinned = GCHandle.Alloc(inside, GCHandleType.Pinned);
                try
                {
                    status = Native.coll_user_shape_create(callback.Native, IntPtr.Zero, pinned.AddrOfPinnedObject(), out pointer);
                }
                finally
                {
                    pinned.Free();
                }
            }
            else
            {
                status = Native.coll_user_shape_create(callback.Native, IntPtr.Zero, IntPtr.Zero, out pointer);
            }
            return Made(status, pointer, callback);
        }

        /// <summary>What a hull's points span, and the lengths of its arrays.</summary>
        public CollHullSizes HullSizes()
        {
            using (var lease = new Lease(this, "shape"))
            {
                CollHullSizes sizes;
                CollisionException.Check(Native.coll_hull_sizes(lease.Pointer, out sizes));
                return sizes;
            }
        }

        /// <summary>A hull's vertices.</summary>
        public CollVec3[] HullVertices()
        {
            int count = (int)HullSizes().VertexCount;
            var xyz = ReadHull<double>(count, 3, Native.coll_hull_vertices);
            var vertices = new CollVec3[count];
            for (int i = 0; i < count; i++)
            {
                vertices[i] = new CollVec3(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
            }
            return vertices;
        }

        /// <summary>A solid hull's triangles, three vertex indices each, counter-clockwise
        /// seen from outside.</summary>
        public uint[] HullTriangles()
        {
            return ReadHull<uint>((int)HullSizes().TriangleCount, 3, Native.coll_hull_triangles);
        }

        /// <summary>A solid hull's merged polygonal faces, each its vertex indices
        /// counter-clockwise seen from outside.</summary>
        public uint[][] HullFaces()
        {
            var sizes = HullSizes();
            int faces = (int)sizes.FaceCount;
            var offsets = new uint[faces + 1];
            var indices = new uint[(int)sizes.FaceIndexCount];
            using (var lease = new Lease(this, "shape"))
            {
                var status = Native.coll_hull_faces(lease.Pointer, offsets, (UIntPtr)offsets.Length, indices, (UIntPtr)indices.Length);
                CollisionException.Check(status);
            }
            var result = new uint[faces][];
            for (int f = 0; f < faces; f++)
            {
                result[f] = new uint[offsets[f + 1] - offsets[f]];
                Array.Copy(indices, (int)offsets[f], result[f], 0, result[f].Length);
            }
            return result;
        }

        /// <summary>A solid hull's face planes, `{nx, ny, nz, d}` each (outward unit
        /// normal `n`, points `p` of the plane have `n . p = d`), in face order.</summary>
        public double[] HullPlanes()
        {
            return ReadHull<double>((int)HullSizes().FaceCount, 4, Native.coll_hull_planes);
        }

        /// <summary>`count` items of `perItem` values each, copied out of the hull by
        /// `copy` (a `coll_hull_*` read-back function, whose capacity counts items).</summary>
        private T[] ReadHull<T>(int count, int perItem, Func<IntPtr, T[], UIntPtr, CollStatus> copy)
        {
            var values = new T[perItem * count];
            using (var lease = new Lease(this, "shape"))
            {
                CollisionException.Check(copy(lease.Pointer, values, (UIntPtr)count));
            }
            return values;
        }

        /// <summary>Mass, centre of mass, inertia and principal axes of the shape filled
        /// with material of `density`, in its own frame.</summary>
        public CollMassProperties MassProperties(double density)
        {
            using (var lease = new Lease(this, "shape"))
            {
                CollMassProperties properties;
                CollisionException.Check(Native.coll_mass_properties(lease.Pointer, density, out properties));
                return properties;
            }
        }

        /// <summary>Where the ray `origin + t dir` (world frame, `0 <= t <= maxToi`) first
        /// meets the shape at `pose`; `null` when it misses.</summary>
        public CollRayHit? CastRay(CollPose pose, CollVec3 origin, CollVec3 dir, double maxToi = double.PositiveInfinity)
        {
            using (var lease = new Lease(this, "shape"))
            {
                CollRayHit hit;
                var status = Native.coll_ray_cast(lease.Pointer, ref pose, ref origin, ref dir, maxToi, out hit);
                hit = CollisionException.Answer(status, hit);
                return hit.Hit ? hit : (CollRayHit?)null;
            }
        }

        /// <summary>A user's support function as the library calls it: exceptions and
        /// non-finite points become NaN, which the library reports as
        /// `CallbackNonFinite` (an exception must not unwind through native frames).</summary>
        private sealed class Support
        {
            private readonly Func<CollVec3, CollVec3> function;

            /// <summary>The delegate the library holds a pointer to.</summary>
            public readonly CollSupportFn Native;

            public Support(Func<CollVec3, CollVec3> function)
            {
                this.function = function;
                Native = Call;
            }

            private void Call(IntPtr user, IntPtr dir, IntPtr output)
            {
                var d = new double[3];
                var p = new double[] { double.NaN, double.NaN, double.NaN };
                try
                {
                    Marshal.Copy(dir, d, 0, 3);
                    var point = function(new CollVec3(d[0], d[1], d[2]));
                    p[0] = point.X;
                    p[1] = point.Y;
                    p[2] = point.Z;
                }
                catch (Exception)
                {
                    // Left NaN: the query fails with CallbackNonFinite.
                }
                Marshal.Copy(p, 0, output, 3);
            }
        }
    }

    /// <summary>A warm-start cache for one pair of shapes in coherent frames
    /// (`CollCache`): belongs to one thread at a time.</summary>
    public sealed class ContactCache : SafeHandle
    {
        /// <summary>A cold cache.</summary>
        public ContactCache() : base(IntPtr.Zero, true)
        {
            IntPtr pointer;
            CollisionException.Check(Native.coll_cache_create(out pointer));
            SetHandle(pointer);
        }

        /// <summary>Whether the handle holds no cache.</summary>
        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        /// <summary>Destroys the native cache.</summary>
        protected override bool ReleaseHandle()
        {
            return Native.coll_cache_destroy(handle) == CollStatus.Ok;
        }

        /// <summary>Makes the cache cold again.</summary>
        public void Clear()
        {
            using (var lease = new Lease(this, "cache"))
            {
                CollisionException.Check(Native.coll_cache_clear(lease.Pointer));
            }
        }
    }

    /// <summary>The queries on pairs of posed shapes. Poses: a unit quaternion and a
    /// position (`CollPose`).</summary>
    public static class Queries
    {
        /// <summary>Whether `a` at `poseA` and `b` at `poseB` touch or overlap.</summary>
        public static bool Intersects(Shape a, CollPose poseA, Shape b, CollPose poseB)
        {
            using (var la = new Lease(a, "a"))
            using (var lb = new Lease(b, "b"))
            {
                byte touching;
                CollisionException.Check(Native.coll_intersects(la.Pointer, ref poseA, lb.Pointer, ref poseB, out touching));
                return touching != 0;
            }
        }

        /// <summary>The distance between the shapes (0 when they overlap).</summary>
        public static CollDistance Distance(Shape a, CollPose poseA, Shape b, CollPose poseB)
        {
            using (var la = new Lease(a, "a"))
            using (var lb = new Lease(b, "b"))
            {
                CollDistance distance;
                var status = Native.coll_distance(la.Pointer, ref poseA, lb.Pointer, ref poseB, out distance);
                return CollisionException.Answer(status, distance);
            }
        }

        /// <summary>The closest points of the shapes, warm-started from `cache` when
        /// given.</summary>
        public static CollClosestPoints ClosestPoints(Shape a, CollPose poseA, Shape b, CollPose poseB, ContactCache cache = null)
        {
            using (var la = new Lease(a, "a"))
            using (var lb = new Lease(b, "b"))
            using (var lc = new Lease(cache, "cache", optional: true))
            {
                CollClosestPoints points;
                var status = Native.coll_closest_points(la.Pointer, ref poseA, lb.Pointer, ref poseB, lc.Pointer, out points);
                return CollisionException.Answer(status, points);
            }
        }

        /// <summary>The contact of the shapes when they are within `margin` of each other
        /// (normal, depth, points), else `null`.</summary>
        public static CollContact? Contact(Shape a, CollPose poseA, Shape b, CollPose poseB, double margin = 0.0, ContactCache cache = null)
        {
            using (var la = new Lease(a, "a"))
            using (var lb = new Lease(b, "b"))
            using (var lc = new Lease(cache, "cache", optional: true))
            {
                CollContact contact;
                var status = Native.coll_contact(la.Pointer, ref poseA, lb.Pointer, ref poseB, margin, lc.Pointer, out contact);
                contact = CollisionException.Answer(status, contact);
                return contact.InRange ? contact : (CollContact?)null;
            }
        }

        /// <summary>When the moving shapes first touch within `tMax`, else `null`.</summary>
        public static CollImpact? TimeOfImpact(Shape a, CollMotion motionA, Shape b, CollMotion motionB, double tMax)
        {
            using (var la = new Lease(a, "a"))
            using (var lb = new Lease(b, "b"))
            {
                CollImpact impact;
                var status = Native.coll_time_of_impact(la.Pointer, ref motionA, lb.Pointer, ref motionB, tMax, out impact);
                impact = CollisionException.Answer(status, impact);
                return impact.Hit ? impact : (CollImpact?)null;
            }
        }

        /// <summary>Distances of the pairs `(pairs[2k], pairs[2k + 1])` of `shapes` at
        /// `poses` (one pose per shape), on every core: `results[k]` and `statuses[k]`
        /// per pair (a pair's status is its single call's; its result is zero unless the
        /// status is `Ok` or `NotConverged`).</summary>
        public static void BatchDistance(Shape[] shapes, CollPose[] poses, uint[] pairs, CollDistance[] results, CollStatus[] statuses)
        {
            using (var leases = new Leases(shapes, poses, pairs, results, statuses))
            {
                var status = Native.coll_batch_distance(leases.Pointers, leases.ShapeCount, poses, leases.PoseCount, pairs, leases.PairCount, results, statuses, leases.PairCount);
                CollisionException.Check(status);
            }
        }

        /// <summary>Intersection tests of the pairs, as `BatchDistance`: `results[k]` is
        /// whether pair `k` touches or overlaps.</summary>
        public static void BatchIntersects(Shape[] shapes, CollPose[] poses, uint[] pairs, bool[] results, CollStatus[] statuses)
        {
            using (var leases = new Leases(shapes, poses, pairs, results, statuses))
            {
                var touching = new byte[results.Length];
                var status = Native.coll_batch_intersects(leases.Pointers, leases.ShapeCount, poses, leases.PoseCount, pairs, leases.PairCount, touching, statuses, leases.PairCount);
                CollisionException.Check(status);
                for (int k = 0; k < touching.Length; k++)
                {
                    results[k] = touching[k] != 0;
                }
            }
        }

        /// <summary>Contacts of the pairs within `margin`, as `BatchDistance`: a pair
        /// farther apart has `InRange` false.</summary>
        public static void BatchContact(Shape[] shapes, CollPose[] poses, uint[] pairs, double margin, CollContact[] results, CollStatus[] statuses)
        {
            using (var leases = new Leases(shapes, poses, pairs, results, statuses))
            {
                var status = Native.coll_batch_contact(leases.Pointers, leases.ShapeCount, poses, leases.PoseCount, pairs, leases.PairCount, margin, results, statuses, leases.PairCount);
                CollisionException.Check(status);
            }
        }

        /// <summary>The native pointers of a batch's shapes, each held for the call, and
        /// its arrays' lengths, checked: one pose per shape, two indices per pair, one
        /// result and status per pair.</summary>
        private sealed class Leases : IDisposable
        {
            private readonly Lease[] held;
            public readonly IntPtr[] Pointers;
            public readonly UIntPtr ShapeCount, PoseCount, PairCount;

            public Leases(Shape[] shapes, CollPose[] poses, uint[] pairs, Array results, CollStatus[] statuses)
            {
                if (shapes == null) throw new ArgumentNullException("shapes");
                if (poses == null) throw new ArgumentNullException("poses");
                if (pairs == null) throw new ArgumentNullException("pairs");
                if (results == null) throw new ArgumentNullException("results");
                if (statuses == null) throw new ArgumentNullException("statuses");
                if (poses.Length != shapes.Length)
                {
                    throw new ArgumentException(poses.Length + " poses for " + shapes.Length + " shapes", "poses");
                }
                if (pairs.Length % 2 != 0)
                {
                    throw new ArgumentException("holds " + pairs.Length + " indices, not two per pair", "pairs");
                }
                int count = pairs.Length / 2;
                if (results.Length != count || statuses.Length != count)
                {
                    throw new ArgumentException(results.Length + " results and " + statuses.Length + " statuses for " + count + " pairs", "results");
                }
                held = new Lease[shapes.Length];
                Pointers = new IntPtr[shapes.Length];
                try
                {
                    for (int i = 0; i < shapes.Length; i++)
                    {
                        held[i] = new Lease(shapes[i], "shapes[" + i + "]");
                        Pointers[i] = held[i].Pointer;
                    }
                }
                catch
                {
                    Dispose();
                    throw;
                }
                ShapeCount = (UIntPtr)shapes.Length;
                PoseCount = (UIntPtr)poses.Length;
                PairCount = (UIntPtr)count;
            }

            public void Dispose()
            {
                foreach (var lease in held)
                {
                    lease.Dispose();
                }
            }
        }
    }
}
